#!/usr/bin/env python3
"""An mqspec target in Python (standard library only): RocketMQ's tag filtering, system `rocketmq.filter`.

Copy this file to start a target of your own. It speaks the JSON-lines protocol of docs/protocol.md: one JSON
request per line on stdin, exactly one JSON answer per line on stdout, logs on stderr. Check it with

    mqspec check --exec "python3 conformance/examples/rocketmq_filter_target.py"

It implements FilterAPI.buildSubscriptionData, Java's String.hashCode and a message through the broker's filter (by
tag hash code) and the client's (by tag string), the way rocketmq-all-4.9.8 does; the system is stateless, so it
declares no observation fields and is never asked to `observe`.
"""
import json
import sys

SUB_ALL = "*"


def java_hash_code(value):
    """Java String.hashCode: 31*h + c over UTF-16 code units, wrapped to a signed 32-bit int."""
    units = value.encode("utf-16-le", "surrogatepass")
    h = 0
    for i in range(0, len(units), 2):
        h = (31 * h + int.from_bytes(units[i:i + 2], "little")) & 0xFFFFFFFF
    return h - (1 << 32) if h >= (1 << 31) else h


def java_trim(value):
    """Java String.trim: drops every char <= U+0020 at both ends."""
    start, end = 0, len(value)
    while start < end and ord(value[start]) <= 0x20:
        start += 1
    while end > start and ord(value[end - 1]) <= 0x20:
        end -= 1
    return value[start:end]


def java_split_bars(value):
    """Java value.split("\\|\\|"): no match gives [value]; trailing empty parts are removed."""
    parts = value.split("||")
    if len(parts) == 1:
        return parts
    while parts and parts[-1] == "":
        parts.pop()
    return parts


class SplitError(Exception):
    """FilterAPI throws Exception("subString split error")."""


def build_subscription_data(topic, sub_string):
    """FilterAPI.buildSubscriptionData: {topic, subString, tagsSet, codeSet}."""
    if sub_string is None or sub_string == SUB_ALL or sub_string == "":
        return {"topic": topic, "subString": SUB_ALL, "tagsSet": [], "codeSet": []}
    parts = java_split_bars(sub_string)
    if not parts:
        raise SplitError()
    tags, codes = [], []
    for part in parts:
        tag = java_trim(part)
        if tag == "":
            continue
        if tag not in tags:
            tags.append(tag)
        code = java_hash_code(tag)
        if code not in codes:
            codes.append(code)
    return {"topic": topic, "subString": sub_string, "tagsSet": tags, "codeSet": codes}


def deliver(command):
    """One message through the broker's filter (hash code) and the client's (tag string)."""
    group = build_subscription_data("", command.get("subscription"))
    own = build_subscription_data("", command.get("own"))
    tag = command.get("tags")
    tags_code = 0 if tag is None or tag == "" else java_hash_code(tag)
    broker = group["subString"] == SUB_ALL or tags_code in group["codeSet"]
    client = len(own["tagsSet"]) == 0 or (tag is not None and tag in own["tagsSet"])
    return {"tagsCode": tags_code, "broker": broker, "client": client}


def step(command):
    """One command's outcome: {"ok": true, "value": ...} or {"ok": false, "error": ...}."""
    kind = command.get("type")
    try:
        if kind == "hashCode":
            return {"ok": True, "value": java_hash_code(command["value"])}
        if kind == "buildSubscriptionData":
            return {"ok": True, "value": build_subscription_data(command["topic"], command.get("expression"))}
        if kind == "deliver":
            return {"ok": True, "value": deliver(command)}
    except SplitError:
        return {"ok": False, "error": "Exception", "message": "subString split error"}
    raise ValueError("unknown command type %r" % kind)


def answer(request):
    """The answer to one request."""
    op = request.get("op")
    if op == "hello":
        return {
            "ok": True,
            "name": "python-rocketmq-filter",
            "version": "1.0.0",
            "systems": [
                {
                    "system": "rocketmq.filter",
                    "commands": ["buildSubscriptionData", "hashCode", "deliver"],
                    "fields": [],
                    "mode": "differential",
                }
            ],
        }
    if op == "init":
        if request.get("system") != "rocketmq.filter":
            return {"ok": False, "error": "unsupported system %s" % request.get("system")}
        return {"ok": True}
    if op == "step":
        return {"ok": True, "outcome": step(request["command"])}
    if op == "observe":
        return {"ok": True, "observation": {}}
    if op == "close":
        return {"ok": True}
    return {"ok": False, "error": "unknown op %r" % op}


def main():
    for line in sys.stdin:
        try:
            request = json.loads(line)
            reply = answer(request)
        except Exception as error:  # errors as data: one line, never a traceback on stdout
            request, reply = {}, {"ok": False, "error": "%s: %s" % (type(error).__name__, error)}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if request.get("op") == "close":
            return


if __name__ == "__main__":
    main()
