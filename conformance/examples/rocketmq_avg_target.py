#!/usr/bin/env python3
"""An mqspec target in Python (standard library only) that implements one thing: RocketMQ's AVG queue allocation,
system `rocketmq.allocate`.

It says so in its `hello`: the setup it covers (`{"strategy": {"name": "AVG"}}`, laid over every generated
scenario's setup, so no other strategy is ever generated for it) and the properties it claims (the invariants that
speak about AVG; the others are reported "not applicable", never passed). Check it with

    mqspec check --exec "python3 conformance/examples/rocketmq_avg_target.py"

AllocateMessageQueueAveragely.allocate (rocketmq-all-4.9.8): the argument checks of
AbstractAllocateMessageQueueStrategy, then consecutive blocks, the first n % c clients taking one queue more. Each
client's latest answer and the view it used are its observation, as the model's `observe` shows them.
"""
import json
import sys

HELLO = {
    "ok": True,
    "name": "python-avg",
    "version": "1.0.0",
    "systems": [
        {
            "system": "rocketmq.allocate",
            "setup": {"strategy": {"name": "AVG"}},
            "properties": ["RA-01", "RA-02", "RA-03", "RA-05", "RA-06", "RA-07"],
        }
    ],
}


def allocate_averagely(current, mq_all, cid_all):
    """The answer of one call: ("ok", queues) or ("error", exception name)."""
    if not current:
        return "error", "IllegalArgumentException"
    if not mq_all:
        return "error", "IllegalArgumentException"
    if not cid_all:
        return "error", "IllegalArgumentException"
    if current not in cid_all:
        return "ok", []
    index = cid_all.index(current)
    n, c = len(mq_all), len(cid_all)
    mod = n % c
    if n <= c:
        size = 1
    elif mod > 0 and index < mod:
        size = n // c + 1
    else:
        size = n // c
    start = index * size if mod > 0 and index < mod else index * size + mod
    count = min(size, n - start)
    return "ok", [mq_all[(start + k) % n] for k in range(max(count, 0))]


def java_compare(a, b):
    """Java String.compareTo: by UTF-16 code units."""
    ua, ub = a.encode("utf-16-be", "surrogatepass"), b.encode("utf-16-be", "surrogatepass")
    return (ua > ub) - (ua < ub)


def observe(clients):
    """Each client's latest allocation and view, clients in Java String order."""
    from functools import cmp_to_key
    cids = sorted(clients, key=cmp_to_key(java_compare))
    return {
        "allocations": {cid: clients[cid]["queues"] for cid in cids},
        "views": {cid: {"mqAll": clients[cid]["mqAll"], "cidAll": clients[cid]["cidAll"]} for cid in cids},
    }


def answer(request, clients, hello=HELLO, allocate=allocate_averagely):
    op = request.get("op")
    if op == "hello":
        return hello
    if op == "init":
        clients.clear()
        return {"ok": True}
    if op == "step":
        command = request["command"]
        mq_all, cid_all = command.get("mqAll") or [], command.get("cidAll") or []
        kind, value = allocate(command["currentCID"], mq_all, cid_all)
        if kind == "error":
            return {"ok": True, "outcome": {"ok": False, "error": value}}
        clients[command["currentCID"]] = {"queues": value, "mqAll": mq_all, "cidAll": cid_all}
        return {"ok": True, "outcome": {"ok": True, "value": value}}
    if op == "observe":
        return {"ok": True, "observation": observe(clients)}
    if op == "close":
        return {"ok": True}
    return {"ok": False, "error": f"unknown op {op!r}"}


def main(hello=HELLO, allocate=allocate_averagely):
    clients = {}
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        print(json.dumps(answer(request, clients, hello, allocate)), flush=True)
        if request.get("op") == "close":
            break


if __name__ == "__main__":
    main()
