#!/usr/bin/env python3
"""A confluent-kafka-python client (Debian python3-confluent-kafka, over Debian's librdkafka) as a real-client driver
(real/process/driver-process.ts).

One consumer in a group through confluent-kafka's public API only: Consumer with the assignor the workload names
(`partition.assignment.strategy`, as its documentation configures it), subscribe with on_assign/on_revoke callbacks,
poll, pause, resume, seek, commit, close; auto-commit on unless the workload says otherwise.

on_assign and on_revoke are the rebalance callbacks: with the eager assignors (range, roundrobin) on_revoke takes the
whole assignment away and on_assign hands the whole new one; with cooperative-sticky they carry only the increments.
The driver keeps the member's whole assignment from them and reports it after each callback as an `assignment` event.
on_commit reports auto-commits and asynchronous commits with their result; error_cb reports the client's errors
(the mock broker's artifacts among them, docs/real-clients.md). This version shows no member id.
"""
import sys

from driver_lines import emit, next_request, one_line, serve, start_reader, unavailable

try:
    import confluent_kafka
    from confluent_kafka import Consumer, KafkaException, TopicPartition
except Exception as error:  # the module is missing or broken: say what to install
    unavailable(f"confluent-kafka cannot be loaded ({error}): apt-get install python3-confluent-kafka")

ASSIGNORS = ("range", "roundrobin", "cooperative-sticky")

consumer = None
owned = set()
delivered = {}


def report_assignment():
    emit("assignment", partitions=[{"topic": t, "partition": p} for t, p in sorted(owned)])


def on_assign(_consumer, partitions):
    owned.update((tp.topic, tp.partition) for tp in partitions)
    report_assignment()


def on_revoke(_consumer, partitions):
    owned.difference_update((tp.topic, tp.partition) for tp in partitions)
    if cooperative:
        report_assignment()


def on_commit(error, partitions):
    fields = {"offsets": [{"topic": tp.topic, "partition": tp.partition, "offset": tp.offset} for tp in partitions if tp.offset >= 0], "ok": error is None}
    if error is not None:
        fields["error"] = str(error)
    if fields["offsets"]:
        emit("committed", **fields)


def on_error(error):
    emit("error", message=f"{error.name()}: {error.str()}")


cooperative = False


def start_consumer(request):
    global consumer, cooperative
    name = request.get("assignor", "range")
    if name not in ASSIGNORS:
        raise ValueError(f"confluent-kafka has no assignor {name} (it offers {', '.join(ASSIGNORS)})")
    cooperative = name == "cooperative-sticky"
    auto_commit = request.get("autoCommit", True)
    consumer = Consumer({
        "bootstrap.servers": request["bootstrap"],
        "client.id": request.get("clientId", "mqspec"),
        "group.id": request["group"],
        "partition.assignment.strategy": name,
        "enable.auto.commit": auto_commit,
        "auto.offset.reset": "earliest",
        "session.timeout.ms": request.get("sessionTimeout", 10000),
        "heartbeat.interval.ms": request.get("heartbeatInterval", 3000),
        "on_commit": on_commit,
        "error_cb": on_error,
    })
    consumer.subscribe(request["topics"], on_assign=on_assign, on_revoke=on_revoke)
    emit("subscribed", topics=request["topics"], assignor=name, autoCommit=auto_commit)


def tps_of(request):
    """The partitions a pause or resume names: those given, or every assigned partition of the topic."""
    if "partitions" in request:
        return [TopicPartition(request["topic"], p) for p in request["partitions"]]
    return [TopicPartition(t, p) for t, p in sorted(owned) if t == request["topic"]]


def pause(request):
    tps = tps_of(request)
    consumer.pause(tps)
    emit("paused", topic=request["topic"], partitions=sorted(tp.partition for tp in tps))


def resume(request):
    tps = tps_of(request)
    consumer.resume(tps)
    emit("resumed", topic=request["topic"], partitions=sorted(tp.partition for tp in tps))


def seek(request):
    consumer.seek(TopicPartition(request["topic"], request["partition"], request["offset"]))
    emit("seeked", topic=request["topic"], partition=request["partition"], offset=request["offset"])


def commit(_request):
    offsets = [TopicPartition(t, p, last + 1) for (t, p), last in sorted(delivered.items())]
    if not offsets:
        return
    listed = [{"topic": tp.topic, "partition": tp.partition, "offset": tp.offset} for tp in offsets]
    try:
        consumer.commit(offsets=offsets, asynchronous=False)
        emit("committed", offsets=listed, ok=True)
    except KafkaException as error:  # a refused commit is the library's answer
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
    emit("started", library=f"confluent-kafka@{confluent_kafka.version()[0]} (librdkafka {confluent_kafka.libversion()[0]})")
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
        message = consumer.poll(0.1)
        if message is None:
            continue
        if message.error() is not None:
            emit("error", message=f"{message.error().name()}: {message.error().str()}")
            continue
        delivered[(message.topic(), message.partition())] = message.offset()
        emit("delivered", topic=message.topic(), partition=message.partition(), offset=message.offset())
    try:
        close()
    except Exception as error:
        sys.stderr.write(f"confluent-kafka-driver: close failed: {error}\n")


if __name__ == "__main__":
    main()
