"""Reference semantics of the async copies (unified OpenCL C spec, "Async
Copies From Global to Local Memory, Local to Global Memory, and Prefetch"),
on Python lists of elements (an element: a tuple of components).

async_work_group_copy copies num_gentypes elements from src to dst;
async_work_group_strided_copy "performs an async gather of num_gentypes
gentype elements from src to dst. The src_stride is the stride in elements
for each gentype element read from src. The dst_stride is the stride in
elements for each gentype element written to dst": from global to local,
element k is read from src[k * src_stride] and written to dst[k]; from local
to global, read from src[k] and written to dst[k * dst_stride].  Elements
of dst that no copy writes keep what they held.  A stride of 0 is undefined
(refused here)."""


def copy(dst, dst_at, src, src_at, num, src_stride=1, dst_stride=1):
    """dst after the copy of num elements (a new list); strides in elements."""
    if src_stride < 1 or dst_stride < 1:
        raise ValueError("a stride of 0 is undefined")
    out = list(dst)
    for k in range(num):
        out[dst_at + k * dst_stride] = src[src_at + k * src_stride]
    return out


def to_local(dst, dst_at, src, src_at, num, src_stride=None):
    """async_work_group_copy (src_stride None) or _strided_copy, global to local."""
    return copy(dst, dst_at, src, src_at, num, src_stride=1 if src_stride is None else src_stride)


def to_global(dst, dst_at, src, src_at, num, dst_stride=None):
    """async_work_group_copy (dst_stride None) or _strided_copy, local to global."""
    return copy(dst, dst_at, src, src_at, num, dst_stride=1 if dst_stride is None else dst_stride)
