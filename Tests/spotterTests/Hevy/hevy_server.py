"""A local stand-in for Hevy's public API, speaking its published contract, for Spotter's tests.

    python3 hevy_server.py DIR

Serves on 127.0.0.1 at a free port, which it writes to DIR/port once listening. Each request
reads DIR/state.json, so a test changes what the server holds between commands:

    {"key": "...",                  the api-key header it accepts
     "workouts": [Workout, ...],    GET /v1/workouts (newest first), /v1/workouts/count
     "events": [{"type": "updated", "workout": Workout} | {"type": "deleted", "id", "deleted_at"}],
                                    GET /v1/workouts/events?since=: those stamped after since
     "fail": {"status": 429, "times": 2, "retry_after": "0", "body": "..."},
                                    answer the next `times` requests so (times -1: always)
     "delay": 0.0,                  seconds to wait before answering
     "malformed": false,            answer 200 with a body that is not JSON
     "body": "endless" | N,         answer 200 with a body that never ends (until the client
                                    hangs up, or 4 GiB, or 120 s) or with N bytes of padding
     "escape_key": false,           write every echo of the key in a JSON body \\u-escaped
     "page_count": N,               say there are N pages, whatever there are
     "no_events": false,            answer 404 to /v1/workouts/events, as a server without it
     "delete_after": {"page": 1, "id": "...", "deleted_at": "..."}}
                                    once that page of /v1/workouts is served, delete the
                                    workout and list its deletion, as a phone would mid-sync

Pages hold `pageSize` items (1 to 10, as the API allows; more is a 400). A wrong or missing
key is a 401 with a plain-text body. Every request is appended to DIR/requests.log as
"METHOD PATH?QUERY key-ok|key-bad", never with the key itself. The server stops by itself after
an hour, so a test that dies cannot leave it running for long.
"""

import json
import math
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

DIR = sys.argv[1]
LOCK = threading.Lock()


def state():
    with open(os.path.join(DIR, "state.json"), encoding="utf-8") as f:
        return json.load(f)


def take_failure():
    """The failure to answer with now, counting it down in state.json."""
    with LOCK:
        current = state()
        fail = current.get("fail")
        if not fail or fail.get("times", 0) == 0:
            return None
        if fail["times"] > 0:
            fail["times"] -= 1
            with open(os.path.join(DIR, "state.json.tmp"), "w", encoding="utf-8") as f:
                json.dump(current, f)
            os.replace(os.path.join(DIR, "state.json.tmp"), os.path.join(DIR, "state.json"))
        return fail


def stamp(event):
    if event.get("type") == "deleted":
        return event.get("deleted_at", "")
    return event.get("workout", {}).get("updated_at", "")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body, content_type="application/json", headers=None):
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        current = state()
        url = urlparse(self.path)
        query = parse_qs(url.query)
        key_ok = self.headers.get("api-key") == current.get("key")
        with LOCK, open(os.path.join(DIR, "requests.log"), "a", encoding="utf-8") as log:
            log.write(f"GET {self.path} {'key-ok' if key_ok else 'key-bad'}\n")
        if current.get("delay"):
            time.sleep(float(current["delay"]))
        if not key_ok:
            return self.answer(401, "Unauthorized: invalid api-key", "text/plain")
        fail = take_failure()
        if fail:
            headers = {"Retry-After": fail["retry_after"]} if "retry_after" in fail else {}
            return self.answer(fail["status"], fail.get("body", "Too Many Requests"), "text/plain", headers)
        body = current.get("body")
        if body is not None:
            return self.flood(body)
        if current.get("malformed"):
            return self.answer(200, '{"page": 1, "page_count": 1, "workouts": [{"id": ')
        try:
            page = int(query.get("page", ["1"])[0])
            size = int(query.get("pageSize", ["5"])[0])
        except ValueError:
            return self.answer(400, '{"error": "page and pageSize must be numbers"}')
        if page < 1 or not 1 <= size <= 10:
            return self.answer(400, '{"error": "pageSize must be between 1 and 10"}')
        if url.path == "/v1/workouts/count":
            return self.answer(200, json.dumps({"workout_count": len(current.get("workouts", []))}))
        if url.path == "/v1/workouts":
            items, field = current.get("workouts", []), "workouts"
        elif url.path == "/v1/workouts/events" and current.get("no_events"):
            return self.answer(404, '{"error": "not found"}')
        elif url.path == "/v1/workouts/events":
            since = query.get("since", ["1970-01-01T00:00:00Z"])[0]
            items = sorted((e for e in current.get("events", []) if stamp(e) > since), key=stamp, reverse=True)
            field = "events"
        else:
            return self.answer(404, '{"error": "not found"}')
        count = current.get("page_count", math.ceil(len(items) / size))
        chosen = items[(page - 1) * size : page * size]
        text = json.dumps({"page": page, "page_count": count, field: chosen})
        deletion = current.get("delete_after")
        if deletion and url.path == "/v1/workouts" and deletion["page"] == page:
            with LOCK:
                latest = state()
                latest.pop("delete_after", None)
                latest["workouts"] = [w for w in latest.get("workouts", []) if w["id"] != deletion["id"]]
                latest.setdefault("events", []).append(
                    {"type": "deleted", "id": deletion["id"], "deleted_at": deletion["deleted_at"]})
                with open(os.path.join(DIR, "state.json.tmp"), "w", encoding="utf-8") as f:
                    json.dump(latest, f)
                os.replace(os.path.join(DIR, "state.json.tmp"), os.path.join(DIR, "state.json"))
        if current.get("escape_key"):
            key = current.get("key", "")
            text = text.replace(key, "".join(f"\\u{ord(c):04x}" for c in key))
        return self.answer(200, text)

    def flood(self, body):
        """A 200 whose body is huge or never ends: bounded here in bytes and time all the same."""
        chunk = b" " * (1 << 20)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if body == "endless":
            self.send_header("Connection", "close")
            total = 4 << 30
        else:
            total = int(body)
            self.send_header("Content-Length", str(total))
        self.end_headers()
        deadline = time.monotonic() + 120
        sent = 0
        try:
            while sent < total and time.monotonic() < deadline:
                piece = chunk[: min(len(chunk), total - sent)]
                self.wfile.write(piece)
                sent += len(piece)
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
threading.Timer(3600, server.shutdown).start()
with open(os.path.join(DIR, "port.tmp"), "w", encoding="utf-8") as f:
    f.write(str(server.server_address[1]))
os.replace(os.path.join(DIR, "port.tmp"), os.path.join(DIR, "port"))
server.serve_forever()
