"""The complete spans ("ph": "X") of a --trace file, for the end-to-end
tests' inline checks: `from trace_spans import spans` (lib.sh puts this
folder on PYTHONPATH)."""
import json


def spans(path, name=None):
    ev = json.load(open(path))
    ev = ev['traceEvents'] if isinstance(ev, dict) else ev
    return [e for e in ev if e.get('ph') == 'X' and (name is None or e['name'] == name)]
