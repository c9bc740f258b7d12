#!/usr/bin/env python3
"""Copies generated probes for a device that lacks the feature they need,
with a mock of the missing built-ins in front of each kernel, so that a local
driver runs their kernels and expected values (tests/e2e/test_features_optional.sh):

  subgroups  probes/sub-group-functions, the cl3.0 twins, with
             one_item_subgroups.cl (every work-item its own sub-group), built
             with their own -cl-std=CL3.0; `wrong` adds
             -DWRONG_IDENTITY (the exclusive min scan returns its own value),
             `wrong-moves` -DWRONG_MOVES (shuffles and broadcasts change the
             value they move)
  intelshuffle  the cl_intel_subgroups shuffle probes
             (sub-group-functions/intel-shuffle.probe) with
             one_item_subgroups.cl; `wrong-moves` as above
  workgroup  probes/work-group-collective-functions, the cl2.0 twins
             (OpenCL C 2.0 has the program-scope globals the mock needs), with
             work_group_scratch.cl
  fpatomics  the fp32 probes of probes/atomic-functions-c11/
             float-atomics.probe with float_atomics_cas.cl, still -cl-std=CL3.0;
             `wrong` adds -DWRONG_FA (sub adds, min and max swapped)
  half       a sample of the half forms of these families (their halves
             as ushort bits): the cl3.0 sub-group collectives on half and
             cl_intel_subgroups' half shuffles with one_item_subgroups.cl, and
             the fp16 float-atomic probes on local objects with
             float_atomics_cas.cl, each with half_as_float.cl in front (float
             standing in for half; atomic_half for atomic_float); `wrong` adds
             -DWRONG_IDENTITY, -DWRONG_MOVES and -DWRONG_FA
             and the 3D write_imageh probes
             (image-read-and-write-functions/write_3d_more.probe), write_imageh
             standing for write_imagef (with `wrong`, of the color reversed)
  mipwrite   the 3D mip-level write probes of that file with
             mip_level_zero.cl; `wrong` adds -DWRONG_LEVEL
  intelimage the cl_intel_subgroups image block read/write probes (of
             intel-block.probe) with one_item_subgroups.cl and
             intel_image_blocks.cl; `wrong` adds -DWRONG_ROWS
  intelblock the cl_intel_subgroups block read/write probes
             (sub-group-functions/intel-block.probe) with
             four_item_blocks.cl; `wrong` adds -DCONTIGUOUS_BLOCKS (each
             work-item's values side by side, not strided)

Each copy requires nothing but fp64 where it uses double, and the generic
address space where its original does (the float atomics through generic
pointers: they skip on a device without it).

Usage: mock_probes.py SRCDIR OUTDIR subgroups|workgroup|fpatomics|intelblock|intelimage|intelshuffle|half|mipwrite [wrong|wrong-moves]"""
import os
import re
import sys


def chunks(text):
    return [c for c in re.split(r"\n(?=\[probe )", text) if c.startswith("[probe ")]


def needs_half(chunk):
    """Does the probe need cl_khr_fp16 (the `half` family's, not the others')?"""
    return re.search(r"\nrequires = [^\n]*\bcl_khr_fp16\b", chunk) is not None


def with_mock(chunk, mock, keep_options):
    fp64 = "double" in chunk.split("\n")[0]
    # a mock cannot stand in for the generic address space: a probe that needs it keeps needing it
    keep = [t for t in ["fp64"] * fp64 + ["__opencl_c_generic_address_space"]
            if t == "fp64" or re.search(r"\nrequires = [^\n]*\b%s\b" % t, chunk)]
    chunk = re.sub(r"\nrequires = [^\n]*", "\nrequires = " + " ".join(keep) if keep else "", chunk)
    if not keep_options:
        chunk = re.sub(r"\noptions  = [^\n]*", "", chunk)
    chunk = re.sub(r"\nprelude  = <<END\n.*?\nEND", "", chunk, flags=re.S)
    pre = mock + ("\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable" if fp64 else "")
    return chunk.replace("\nbody     = <<END", "\nprelude  = <<END\n" + pre + "\nEND\nbody     = <<END", 1).rstrip("\n") + "\n"


def image_with_mock(chunk, mock, mocked):
    """An image probe (gen_images.py's `key = value` layout) with the mock as
    its prelude, the requirements the mock stands in for (space-separated
    `mocked`) dropped and the rest kept: an image probe still needs images."""
    def keep(m):
        return "\nrequires = " + " ".join(t for t in m.group(1).split() if t not in mocked.split())
    chunk = re.sub(r"\nrequires = ([^\n]*)", keep, chunk)
    chunk = re.sub(r"\nprelude = <<END\n.*?\nEND|\nprelude = [^\n]*", "", chunk, flags=re.S)
    return chunk.replace("\nout = ", "\nprelude = <<END\n" + mock.rstrip("\n") + "\nEND\nout = ", 1).rstrip("\n") + "\n"


def main(src, out, family, wrong):
    here = os.path.dirname(os.path.abspath(__file__))
    os.makedirs(out, exist_ok=True)
    if family == "subgroups":
        mock = open(os.path.join(here, "one_item_subgroups.cl")).read()
        mock = {"wrong": "#define WRONG_IDENTITY\n", "wrong-moves": "#define WRONG_MOVES\n"}.get(wrong, "") + mock
        indir = os.path.join(src, "probes", "sub-group-functions")
        for name in sorted(os.listdir(indir)):
            kept = [with_mock(c, mock, True) for c in chunks(open(os.path.join(indir, name)).read())
                    if re.match(r"\[probe \S+\.cl3\.0\]", c) and not needs_half(c)]
            with open(os.path.join(out, name), "w") as f:
                f.write("\n".join(kept))
    elif family == "half":
        half = open(os.path.join(here, "half_as_float.cl")).read() + "#define atomic_half atomic_float\n"
        sg = ("#define WRONG_IDENTITY\n#define WRONG_MOVES\n" if wrong == "wrong" else "") + open(
            os.path.join(here, "one_item_subgroups.cl")).read()
        fa = ("#define WRONG_FA\n" if wrong == "wrong" else "") + open(os.path.join(here, "float_atomics_cas.cl")).read()
        sgdir = os.path.join(src, "probes", "sub-group-functions")
        picks = [(os.path.join(sgdir, "collectives-half.probe"), sg, r"\.cl3\.0\]", True),
                 (os.path.join(sgdir, "intel-shuffle.probe"), sg, r"\.half\.", False),
                 # local objects alone: float standing in for half needs 4-byte
                 # room, which a global object in a ushort output lacks
                 (os.path.join(src, "probes", "atomic-functions-c11", "float-atomics.probe"), fa,
                  r"\.fp16\.(generic-)?local", True)]
        imgs = os.path.join(src, "probes", "image-read-and-write-functions", "write_3d_more.probe")
        imageh = ("#define write_imageh(i, c, v) write_imagef(i, c, (v).wzyx)\n" if wrong == "wrong"
                  else "#define write_imageh write_imagef\n")
        kept = [image_with_mock(c, half + imageh, "cl_khr_fp16")
                for c in chunks(open(imgs).read()) if needs_half(c)]
        with open(os.path.join(out, "write_3d_more.probe"), "w") as f:
            f.write("\n".join(kept))
        for path, mock, pat, keep_options in picks:
            kept = [with_mock(c, half + mock, keep_options) for c in chunks(open(path).read())
                    if needs_half(c) and re.search(pat, c.split("\n")[0])]
            with open(os.path.join(out, os.path.basename(path)), "w") as f:
                f.write("\n".join(kept))
    elif family == "mipwrite":
        mock = ("#define WRONG_LEVEL\n" if wrong == "wrong" else "") + open(os.path.join(here, "mip_level_zero.cl")).read()
        imgs = os.path.join(src, "probes", "image-read-and-write-functions", "write_3d_more.probe")
        kept = [image_with_mock(c, mock, "cl_khr_mipmap_image cl_khr_mipmap_image_writes")
                for c in chunks(open(imgs).read()) if "-mip." in c.split("\n")[0]]
        with open(os.path.join(out, "write_3d_more.probe"), "w") as f:
            f.write("\n".join(kept))
    elif family == "workgroup":
        mock = open(os.path.join(here, "work_group_scratch.cl")).read()
        indir = os.path.join(src, "probes", "work-group-collective-functions")
        for name in sorted(os.listdir(indir)):
            kept = [with_mock(c, mock, True) for c in chunks(open(os.path.join(indir, name)).read())
                    if re.match(r"\[probe \S+\.cl2\.0\]", c)]
            with open(os.path.join(out, name), "w") as f:
                f.write("\n".join(kept))
    elif family == "fpatomics":
        mock = ("#define WRONG_FA\n" if wrong == "wrong" else "") + open(os.path.join(here, "float_atomics_cas.cl")).read()
        path = os.path.join(src, "probes", "atomic-functions-c11", "float-atomics.probe")
        kept = [with_mock(c, mock, True) for c in chunks(open(path).read()) if ".fp32." in c.split("\n")[0]]
        with open(os.path.join(out, "float-atomics.probe"), "w") as f:
            f.write("\n".join(kept))
    elif family == "intelimage":
        mock = (("#define WRONG_ROWS\n" if wrong == "wrong" else "") + open(os.path.join(here, "one_item_subgroups.cl")).read()
                + open(os.path.join(here, "intel_image_blocks.cl")).read())
        path = os.path.join(src, "probes", "sub-group-functions", "intel-block.probe")
        kept = []
        for c in chunks(open(path).read()):
            if ".image." in c.split("\n")[0]:
                c = with_mock(c, mock, False)
                kept.append(re.sub(r"\nrequires = [^\n]*", "\nrequires = images", c, count=1)
                            if "\nrequires = " in c else c.replace("\nkind ", "\nrequires = images\nkind ", 1))
        with open(os.path.join(out, "intel-block.probe"), "w") as f:
            f.write("\n".join(kept))
    elif family == "intelblock":
        mock = open(os.path.join(here, "four_item_blocks.cl")).read()
        if wrong == "wrong":
            mock = "#define CONTIGUOUS_BLOCKS\n" + mock
        path = os.path.join(src, "probes", "sub-group-functions", "intel-block.probe")
        kept = [with_mock(c, mock, False) for c in chunks(open(path).read()) if ".image." not in c.split("\n")[0]]
        with open(os.path.join(out, "intel-block.probe"), "w") as f:
            f.write("\n".join(kept))
    elif family == "intelshuffle":
        mock = ("#define WRONG_MOVES\n" if wrong == "wrong-moves" else "") + open(
            os.path.join(here, "one_item_subgroups.cl")).read()
        path = os.path.join(src, "probes", "sub-group-functions", "intel-shuffle.probe")
        kept = [with_mock(c, mock, False) for c in chunks(open(path).read()) if not needs_half(c)]
        with open(os.path.join(out, "intel-shuffle.probe"), "w") as f:
            f.write("\n".join(kept))
    else:
        sys.exit("mock_probes.py: unknown family %r (subgroups, workgroup, fpatomics, intelblock, intelimage, intelshuffle, half or mipwrite)"
                 % family)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] if len(sys.argv) > 4 else "")
