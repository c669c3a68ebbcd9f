#!/usr/bin/env python3
"""A kafka-python 2.0.2 client (Debian python3-kafka) as a real-client driver (real/process/driver-process.ts).

One consumer in a group through kafka-python's public API only: KafkaConsumer with the assignor the workload names
(partition_assignment_strategy, as kafka-python's documentation configures it), a ConsumerRebalanceListener, poll,
pause, resume, seek, commit, close; auto-commit on unless the workload says otherwise.

The rebalance listener's on_partitions_assigned is the `assignment` event (kafka-python 2.0.2 is eager: it is called
with the member's whole new assignment); default_offset_commit_callback reports the asynchronous commits (auto-commit's)
with their result; a manual commit is reported with its result by the driver. kafka-python shows no member id.
"""
import logging
import sys
import time

from driver_lines import emit, next_request, one_line, serve, start_reader, unavailable

try:
    import kafka
    from kafka import KafkaConsumer, TopicPartition
    from kafka.consumer.subscription_state import ConsumerRebalanceListener
    from kafka.coordinator.assignors.range import RangePartitionAssignor
    from kafka.coordinator.assignors.roundrobin import RoundRobinPartitionAssignor
    from kafka.coordinator.assignors.sticky.sticky_assignor import StickyPartitionAssignor
    from kafka.structs import OffsetAndMetadata
except Exception as error:  # the module is missing or broken: say what to install
    unavailable(f"kafka-python cannot be loaded ({error}): apt-get install python3-kafka")

# The protocol names kafka-python's assignors send in JoinGroup (their `name` attribute).
ASSIGNORS = {a.name: a for a in (RangePartitionAssignor, RoundRobinPartitionAssignor, StickyPartitionAssignor)}


class ReportedErrors(logging.Handler):
    """kafka-python reports a failed JoinGroup/SyncGroup only in its log (Python's logging, the interface it documents
    for this): warnings and errors go to stderr, and those naming a group request's error also become `error` events,
    so that the runner can tell the mock broker's artifacts (docs/real-clients.md) from the client's behaviour."""

    def emit(self, record):
        message = record.getMessage()
        sys.stderr.write(f"{record.name} {record.levelname} {message}\n")
        if "Error" in message and ("SyncGroup" in message or "JoinGroup" in message or "InvalidRequest" in message):
            emit("error", message=message.split("\n")[0][:500])


logging.getLogger("kafka").addHandler(ReportedErrors(level=logging.WARNING))
logging.getLogger("kafka").setLevel(logging.WARNING)

consumer = None
delivered = {}


def partitions_of(tps):
    return sorted(({"topic": tp.topic, "partition": tp.partition} for tp in tps), key=lambda p: (p["topic"], p["partition"]))


class Listener(ConsumerRebalanceListener):
    def on_partitions_revoked(self, revoked):
        pass

    def on_partitions_assigned(self, assigned):
        emit("assignment", partitions=partitions_of(assigned))


def on_commit(offsets, response):
    ok = not isinstance(response, Exception)
    fields = {"offsets": [{"topic": tp.topic, "partition": tp.partition, "offset": om.offset} for tp, om in offsets.items()], "ok": ok}
    if not ok:
        fields["error"] = one_line(response)
    emit("committed", **fields)


def start_consumer(request):
    global consumer
    name = request.get("assignor", "range")
    if name not in ASSIGNORS:
        raise ValueError(f"kafka-python has no assignor {name} (it offers {', '.join(ASSIGNORS)})")
    auto_commit = request.get("autoCommit", True)
    consumer = KafkaConsumer(
        bootstrap_servers=[request["bootstrap"]],
        client_id=request.get("clientId", "mqspec"),
        group_id=request["group"],
        partition_assignment_strategy=[ASSIGNORS[name]],
        enable_auto_commit=auto_commit,
        auto_offset_reset="earliest",
        session_timeout_ms=request.get("sessionTimeout", 10000),
        heartbeat_interval_ms=request.get("heartbeatInterval", 3000),
        default_offset_commit_callback=on_commit,
    )
    consumer.subscribe(topics=request["topics"], listener=Listener())
    emit("subscribed", topics=request["topics"], assignor=name, autoCommit=auto_commit)


def tps_of(request):
    """The partitions a pause or resume names: those given, or every assigned partition of the topic (kafka-python
    pauses partitions, not topics)."""
    if "partitions" in request:
        return [TopicPartition(request["topic"], p) for p in request["partitions"]]
    return [tp for tp in consumer.assignment() if tp.topic == request["topic"]]


def pause(request):
    tps = tps_of(request)
    consumer.pause(*tps)
    emit("paused", topic=request["topic"], partitions=sorted(tp.partition for tp in tps))


def resume(request):
    tps = tps_of(request)
    consumer.resume(*tps)
    emit("resumed", topic=request["topic"], partitions=sorted(tp.partition for tp in tps))


def seek(request):
    consumer.seek(TopicPartition(request["topic"], request["partition"]), request["offset"])
    emit("seeked", topic=request["topic"], partition=request["partition"], offset=request["offset"])


def commit(_request):
    offsets = {tp: OffsetAndMetadata(last + 1, None) for tp, last in delivered.items()}
    if not offsets:
        return
    listed = [{"topic": tp.topic, "partition": tp.partition, "offset": om.offset} for tp, om in offsets.items()]
    try:
        consumer.commit(offsets)
        emit("committed", offsets=listed, ok=True)
    except Exception as error:  # a refused commit is the library's answer
        emit("committed", offsets=listed, ok=False, error=one_line(error))


def close(_request=None):
    global consumer
    if consumer is not None:
        consumer.close()
        consumer = None
        emit("closed")


OPS = {"consumer": start_consumer, "pause": pause, "resume": resume, "seek": seek, "commit": commit, "close": close}
LIBRARY_ANSWERS = {"pause", "resume", "seek", "commit"}


def main():
    emit("started", library=f"kafka-python@{kafka.__version__}")
    start_reader()
    while True:
        line = next_request(0 if consumer is not None else 0.1)
        if line is None:
            break
        if line:
            serve(line, OPS, LIBRARY_ANSWERS, lambda op: op in ("consumer", "close") or consumer is not None)
            continue
        if consumer is None:
            continue
        try:
            batches = consumer.poll(timeout_ms=100)
        except Exception as error:
            emit("error", message=one_line(error))
            time.sleep(0.1)
            continue
        for tp, records in batches.items():
            for record in records:
                delivered[tp] = record.offset
                emit("delivered", topic=tp.topic, partition=tp.partition, offset=record.offset)
    # stdin closed: leave the group as a user's shutdown would (close commits when auto-commit is on).
    try:
        close()
    except Exception as error:
        sys.stderr.write(f"kafka-python-driver: close failed: {error}\n")


if __name__ == "__main__":
    main()
