"""The JSON-lines side of mqspec's Python drivers (real/process/driver-process.ts): numbered events and answers on
stdout under one lock (a client library may call back from its own threads), requests read from stdin by a thread
into a queue that the driver's main loop serves between polls — the client itself is used from the main thread only.
"""
import json
import queue
import sys
import threading

_lock = threading.RLock()
_seq = 0
requests = queue.Queue()


def write(value):
    """Writes one line (an answer)."""
    with _lock:
        sys.stdout.write(json.dumps(value) + "\n")
        sys.stdout.flush()


def emit(event, **fields):
    """Writes one event, numbered in the order this client reports them."""
    global _seq
    with _lock:
        sys.stdout.write(json.dumps({"event": event, "seq": _seq, **fields}) + "\n")
        sys.stdout.flush()
        _seq += 1


def unavailable(reason):
    """Says the library cannot be loaded here, and what to install; exits 3."""
    write({"event": "unavailable", "reason": reason})
    sys.exit(3)


def _read_stdin():
    for line in sys.stdin:
        if line.strip():
            requests.put(line)
    requests.put(None)


def start_reader():
    threading.Thread(target=_read_stdin, daemon=True).start()


def next_request(timeout):
    """The next request line, "" when none came within `timeout` seconds, None once stdin is closed."""
    try:
        return requests.get(timeout=timeout) if timeout > 0 else requests.get_nowait()
    except queue.Empty:
        return ""


def one_line(error):
    return f"{type(error).__name__}: {error}".split("\n")[0][:500]


def serve(line, ops, library_answers, ready):
    """Runs one request. What the library raises from an op in `library_answers` (a seek or pause it refuses) is its
    answer — an `error` event — not a driver fault; other failures refuse the request with one line."""
    try:
        request = json.loads(line)
    except ValueError:
        sys.stderr.write(f"driver: not JSON: {line[:200]}\n")
        return
    name = request.get("op")
    op = ops.get(name)
    if op is None:
        write({"id": request.get("id"), "ok": False, "error": f"unknown op {name}"})
        return
    if not ready(name):
        write({"id": request["id"], "ok": False, "error": "no consumer yet"})
        return
    try:
        op(request)
        write({"id": request["id"], "ok": True})
    except Exception as error:
        if name in library_answers:
            emit("error", message=one_line(error))
            write({"id": request["id"], "ok": True})
        else:
            write({"id": request["id"], "ok": False, "error": one_line(error)})
