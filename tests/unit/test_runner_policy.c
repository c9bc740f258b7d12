/* harness/runner.c's per-driver policies: which devices serialise their
 * launches, which group probes by launch geometry, which skip the warm-up
 * launch. Each answer is a measured cost (runner.c says which), so a change
 * to one should be a decision, not an accident. */
#include "check.h"
#include "runner.h"
#include "runner_internal.h"

int main(void)
{
    CHECK(runner_serial_launches(CL_DEVICE_TYPE_GPU), "a GPU's launches are serialised");
    CHECK(runner_serial_launches(CL_DEVICE_TYPE_ACCELERATOR), "an accelerator's too");
    CHECK(!runner_serial_launches(CL_DEVICE_TYPE_CPU), "a CPU's run side by side");
    CHECK(!runner_serial_launches(CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_ACCELERATOR),
          "a device that says every type (Oclgrind) runs on the host: side by side");
    CHECK(runner_groups_by_geometry("Portable Computing Language"), "PoCL's kernels hold one launch geometry");
    CHECK(!runner_groups_by_geometry("rusticl"), "rusticl's keep file order");
    CHECK(!runner_groups_by_geometry("NVIDIA CUDA"), "NVIDIA's keep file order");
    CHECK(runner_launch_compiles("rusticl"), "rusticl is not warmed up");
    CHECK(!runner_launch_compiles("Portable Computing Language"), "PoCL is (once per geometry)");
    CHECK(!runner_launch_compiles("NVIDIA CUDA"), "NVIDIA is");
    CHECK(runner_default_group("rusticl") == 8 && runner_default_group("NVIDIA CUDA") == 16,
          "dispatch groups: 8 probes on rusticl, 16 elsewhere");
    return check_done();
}
