#!/usr/bin/env python3
"""The bench's trivial protocol target: answers every step {"ok": true} at once, to measure the protocol's cost."""
import json
import sys

HELLO = {"ok": True, "name": "echo", "version": "1", "systems": [{"system": "rocketmq.filter", "fields": []}]}
for line in sys.stdin:
    op = json.loads(line)["op"]
    reply = HELLO if op == "hello" else {"ok": True, "outcome": {"ok": True}} if op == "step" else {"ok": True}
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
    if op == "close":
        break
