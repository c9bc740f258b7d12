"""Pipes and device-side enqueue (OpenCL C, unified spec: "Pipe Functions",
"Enqueuing Kernels"), written by gen_features.py: the minimum, a skip where
unclaimed and, where claimed, a program using the functions must build.
Running them needs host objects the harness does not make (clCreatePipe, a
default on-device queue); the one run probe judges what the absence of a
default queue must give."""

PIPE = "pipe-functions/"
ENQ = "enqueuing-kernels/"

PIPE_SOURCE = """__kernel void pipe_writer(write_only pipe int p, __global const int *in)
{
    int v = in[get_global_id(0)];
    reserve_id_t r = reserve_write_pipe(p, 1);
    if (is_valid_reserve_id(r)) {
        write_pipe(p, r, 0, &v);
        commit_write_pipe(p, r);
    }
    write_pipe(p, &v);
}
__kernel void pipe_reader(read_only pipe int p, __global int *out)
{
    int v = 0;
    if (read_pipe(p, &v) == 0)
        out[get_global_id(0)] = v;
    out[0] += (int)get_pipe_num_packets(p) + (int)get_pipe_max_packets(p);
}
__kernel void probe(__global int *out)
{
    out[0] = 1;
}"""

ENQUEUE_SOURCE = """__kernel void probe(__global int *out)
{
    queue_t q = get_default_queue();
    ndrange_t nd = ndrange_1D(1);
    out[0] = 1;
    /* never run by the harness: built only */
    if (get_global_id(0) == 1) {
        int e = enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, nd, ^{ out[1] = 2; });
        out[0] = e;
    }
}"""

VARIANTS = [("3.0", "cl_std_3.0 %s"), ("2.0", "cl_std_2.0")]


def gen_pipes_enqueue(w):
    for std, req in VARIANTS:
        sid = "cl" + std
        w.probe(PIPE + "pipes.probe", "pipes.build.%s" % sid, "OpenCL C: Pipe Functions", "build-ok",
                "A program with pipe kernel parameters (read_only / write_only pipe int) using read_pipe, write_pipe, "
                "reserve_write_pipe, is_valid_reserve_id, commit_write_pipe, get_pipe_num_packets and "
                "get_pipe_max_packets builds (OpenCL C %s%s); pipes are not run: that needs clCreatePipe."
                % (std, " with __opencl_c_pipes" if std == "3.0" else ", where pipes are core"),
                source=PIPE_SOURCE, requires=req.replace("%s", "__opencl_c_pipes"), options="-cl-std=CL" + std)
        ereq = req.replace("%s", "__opencl_c_device_enqueue")
        w.probe(ENQ + "enqueue.probe", "device-enqueue.build.%s" % sid, "OpenCL C: Enqueuing Kernels", "build-ok",
                "A kernel that calls get_default_queue, ndrange_1D and enqueue_kernel with a block builds (OpenCL C "
                "%s%s); the enqueue is never reached when run." % (std, " with __opencl_c_device_enqueue"
                                                                   if std == "3.0" else ", where it is core"),
                source=ENQUEUE_SOURCE, requires=ereq, options="-cl-std=CL" + std)
        w.probe(ENQ + "enqueue.probe", "device-enqueue.no-default-queue.%s" % sid, "OpenCL C: Enqueuing Kernels", "run",
                "get_default_queue(): \"If a default device queue has not been created, CLK_NULL_QUEUE is returned\"; "
                "the harness creates no on-device queue, so out[0] = (get_default_queue() == CLK_NULL_QUEUE) = 1 "
                "(OpenCL C %s)." % std,
                body="out[0] = get_default_queue() == CLK_NULL_QUEUE;", expect="1", requires=ereq,
                options="-cl-std=CL" + std)
