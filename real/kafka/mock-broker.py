"""
librdkafka's mock cluster, hosted by Python's ctypes: the Kafka-protocol broker mqspec's real-client workloads run
against (real/kafka/mock-broker.ts starts it). It speaks the drivers' JSON lines (real/process/driver-process.ts):
requests {"id", "op", ...} on stdin, answers {"id", "ok", ...} on stdout; it ends when stdin closes.

ctypes over Debian's python3 and librdkafka1 is the thinnest host: no compiler, no build step at install, and
the library is the one the Debian package ships (the mock cluster is part of librdkafka itself).

Ops: "topic" {name, partitions} creates a topic. On start it prints {"event": "up", "bootstrap": "127.0.0.1:PORT",
"version": "..."} once the cluster listens.
"""
import ctypes
import json
import os
import sys

# The mock answers ListOffsets v4/v5 wrongly (corrupt responses): offer at most v3, which every client falls back to.
LIST_OFFSETS = 2
LIST_OFFSETS_MAX = 3


def reply(line):
    sys.stdout.write(json.dumps(line) + "\n")
    sys.stdout.flush()


def main():
    # MQSPEC_LIBRDKAFKA names another build of the library (a user's own, or a missing one in the tests).
    name = os.environ.get("MQSPEC_LIBRDKAFKA", "librdkafka.so.1")
    try:
        lib = ctypes.CDLL(name)
    except OSError as error:
        reply({"event": "unavailable", "reason": "%s cannot be loaded (%s): apt-get install librdkafka1" % (name, error)})
        return 3
    lib.rd_kafka_version_str.restype = ctypes.c_char_p
    lib.rd_kafka_conf_new.restype = ctypes.c_void_p
    lib.rd_kafka_conf_set.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.rd_kafka_new.restype = ctypes.c_void_p
    lib.rd_kafka_new.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.rd_kafka_mock_cluster_new.restype = ctypes.c_void_p
    lib.rd_kafka_mock_cluster_new.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.rd_kafka_mock_cluster_bootstraps.restype = ctypes.c_char_p
    lib.rd_kafka_mock_cluster_bootstraps.argtypes = [ctypes.c_void_p]
    lib.rd_kafka_mock_topic_create.restype = ctypes.c_int
    lib.rd_kafka_mock_topic_create.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int]
    lib.rd_kafka_mock_set_apiversion.restype = ctypes.c_int
    lib.rd_kafka_mock_set_apiversion.argtypes = [ctypes.c_void_p, ctypes.c_int16, ctypes.c_int16, ctypes.c_int16]
    lib.rd_kafka_err2str.restype = ctypes.c_char_p

    errstr = ctypes.create_string_buffer(512)
    conf = lib.rd_kafka_conf_new()
    # A handle of its own hosts the cluster; it never connects anywhere (no bootstrap servers), and logs nothing.
    lib.rd_kafka_conf_set(conf, b"log_level", b"0", errstr, 512)
    handle = lib.rd_kafka_new(0, conf, errstr, 512)
    if not handle:
        reply({"event": "unavailable", "reason": "rd_kafka_new: " + errstr.value.decode()})
        return 3
    cluster = lib.rd_kafka_mock_cluster_new(handle, 1)
    if not cluster:
        reply({"event": "unavailable", "reason": "rd_kafka_mock_cluster_new failed"})
        return 3
    lib.rd_kafka_mock_set_apiversion(cluster, LIST_OFFSETS, 0, LIST_OFFSETS_MAX)
    reply({"event": "up", "bootstrap": lib.rd_kafka_mock_cluster_bootstraps(cluster).decode(),
           "version": lib.rd_kafka_version_str().decode()})

    for text in sys.stdin:
        if not text.strip():
            continue
        try:
            request = json.loads(text)
            op = request["op"]
        except (ValueError, KeyError, TypeError):
            sys.stderr.write("mock-broker: not a request: %r\n" % text[:200])
            continue
        if op == "topic":
            err = lib.rd_kafka_mock_topic_create(cluster, str(request["name"]).encode(), int(request["partitions"]), 1)
            if err == 0:
                reply({"id": request.get("id"), "ok": True})
            else:
                reply({"id": request.get("id"), "ok": False, "error": lib.rd_kafka_err2str(err).decode()})
        else:
            reply({"id": request.get("id"), "ok": False, "error": "unknown op %r" % op})
    # stdin closed: mqspec is done with the broker. Exiting without destroying the handle is deliberate: the
    # process ends, and with it every socket; rd_kafka_destroy would wait for the clients' connections to drain.
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
