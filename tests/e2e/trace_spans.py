"""The complete spans ("ph": "X") of a --trace file, for the end-to-end
tests' inline checks: `from trace_spans import spans` (lib.sh puts this
folder on PYTHONPATH)."""
import json


def spans(path, name=None):
    ev = json.load(open(path))
    ev = ev['traceEvents'] if isinstance(ev, dict) else ev
    return [e for e in ev if e.get('ph') == 'X' and (name is None or e['name'] == name)]


def chunk_work_end(path):
    """When the chunks' workers did their last work (a build, a launch, a
    record): the waiting measurements may begin then, while those workers'
    drivers tear down (fanout.c). The measurements' own worker is the lane
    that ran an inter-work-group measurement; the supervisors' worker_start
    and worker_exit spans are not work."""
    xs = spans(path)
    mine = {(e['pid'], e['tid']) for e in xs
            if e['name'] == 'measure' and e.get('args', {}).get('detail', '').startswith('iwg.')}
    work = [e for e in xs if e.get('cat') == 'phase' and (e['pid'], e['tid']) not in mine
            and e['name'] not in ('worker_start', 'worker_exit', 'report')]
    return max(e['ts'] + e['dur'] for e in work)
