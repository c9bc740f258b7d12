"""The complete spans ("ph": "X") of a --trace file, for the end-to-end
tests' inline checks: `from trace_spans import spans` (lib.sh puts this
folder on PYTHONPATH)."""
import json


def spans(path, name=None):
    ev = json.load(open(path))
    ev = ev['traceEvents'] if isinstance(ev, dict) else ev
    return [e for e in ev if e.get('ph') == 'X' and (name is None or e['name'] == name)]


def measurement_lanes(path):
    """The lanes of the last chunk's worker: those that ran an
    inter-work-group measurement."""
    return {(e['pid'], e['tid']) for e in spans(path, 'measure')
            if e.get('args', {}).get('detail', '').startswith('iwg.')}


def chunk_work_ends(path):
    """When each chunk's worker did its last work (a build, a launch, a
    record), in order: the waiting measurements may begin once all are done
    (on a device whose launches pass the gate, all but one), while those
    workers' drivers tear down (fanout.c). The supervisors' worker_start and
    worker_exit spans are not work."""
    mine = measurement_lanes(path)
    ends = {}
    for e in spans(path):
        lane = (e['pid'], e['tid'])
        if e.get('cat') == 'phase' and lane not in mine and e['name'] not in ('worker_start', 'worker_exit', 'report'):
            ends[lane] = max(ends.get(lane, 0), e['ts'] + e['dur'])
    return sorted(ends.values())


def chunk_work_end(path):
    """When the last chunk's worker did its last work (chunk_work_ends)."""
    return chunk_work_ends(path)[-1]
