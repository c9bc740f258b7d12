/* One device between the processes of a run: a gate that probe executions
 * pass side by side (shared) and that a measurement holds alone
 * (exclusive), for --measurements alongside: the measurements run while
 * the device's other supervisors are still building, instead of last and
 * alone (on the H100 they were 15 of NVIDIA's 35 cold seconds, after the
 * builds had ended). The gate keeps every other kernel of the run off the
 * device while a measurement runs; it cannot keep off what a driver does
 * on the device for a build: on NVIDIA's driver the builds beside the
 * measurements still made 1,072 groups of 256 look co-resident where
 * 1,056 are (cold 41.6 -> 30.7 s), which is why the default is last.
 *
 * The gate is a file with two POSIX record locks: byte 0 a turnstile, byte
 * 1 the device. A user of the device passes the turnstile and then takes
 * the device shared; a measurement takes the turnstile exclusive and then
 * the device, so no new user gets in while it waits for those inside to
 * leave (no starvation). The kernel drops a dead process's locks: a worker
 * killed by its watchdog (a deliberate deadlock, a hung probe) leaves the
 * gate open. Every process opens the file itself (record locks belong to
 * the process, and are not inherited by fork). */
#ifndef CLC_DEVICE_GATE_H
#define CLC_DEVICE_GATE_H

#include <stddef.h>

/* Creates a gate file under $TMPDIR (or /tmp); its path goes to path.
 * Returns 0, or -1 (then there is no gate: run measurements last). */
int device_gate_create(char *path, size_t size);

/* Opens the gate at path for this process: a descriptor, or -1. */
int device_gate_open(const char *path);

/* Waits until the device is this process's, shared or exclusive. Returns
 * 0, or -1 when the locks failed (the caller goes on without the gate). */
int device_gate_enter(int fd, int exclusive);

/* Leaves the gate (both locks). */
void device_gate_leave(int fd);

/* One of n slots (bytes 2 .. 2+n of the file, apart from the gate's own),
 * for work of which at most n should run at once: a free one if any, else
 * waits for one. Returns the slot, or -1 when the locks failed (the caller
 * goes on without). The kernel frees a dead process's slot. */
int device_gate_slot_take(int fd, int n);

/* Gives slot back (from device_gate_slot_take; -1 does nothing). */
void device_gate_slot_give(int fd, int slot);

/* Whether another process is waiting to enter the gate now (a process
 * whose device_gate_enter blocks says so for as long as it waits). */
int device_gate_has_waiter(int fd);

/* Marks the gate as having been held exclusive once, and asks whether it
 * has been (a flag in the file's content, which the locks leave alone). */
void device_gate_mark_held(int fd);
int device_gate_was_held(int fd);

#endif
