#!/usr/bin/env python3
"""A target that lies about what it supports, to show what mqspec does with it: it says AVG in its `hello` and
claims RA-03 (AVG's contiguous blocks), but deals the queues round the circle as AVG_BY_CIRCLE does. mqspec
finds both lies and shrinks each to a minimal counterexample:

    mqspec check --exec "python3 conformance/examples/rocketmq_avg_liar_target.py"

Everything else is rocketmq_avg_target.py's.
"""
import rocketmq_avg_target as honest


def allocate_by_circle(current, mq_all, cid_all):
    """AllocateMessageQueueAveragelyByCircle: queue i goes to client i % c."""
    kind, value = honest.allocate_averagely(current, mq_all, cid_all)
    if kind == "error" or current not in cid_all:
        return kind, value
    index, c = cid_all.index(current), len(cid_all)
    return "ok", [mq for i, mq in enumerate(mq_all) if i % c == index]


if __name__ == "__main__":
    honest.main({**honest.HELLO, "name": "python-avg-liar"}, allocate_by_circle)
