#!/usr/bin/env python3
"""Stress `chuhan serve` before a release (issue 39): attacks from 127.0.0.1 while a normal client
on 127.0.0.2 keeps probing, and a report of what the server did.

The script starts the server itself from --bin on a free loopback port, with a temporary --store
file and game database (uploads on), runs the phases one after another and kills the server
at the end (also on Ctrl-C or an error). All traffic stays on 127.0.0.0/8; every loop is bounded.

Phases (--only picks some, e.g. --only a,c):
  a  busy-loop FEN: 100 x POST /api/games, an engine game from a position whose game is over
     (the move-count rule spent); each must be refused 400 "game_over" and the CPU stay idle.
  b  1,000 idle sockets (connect, send nothing): how many stay open after 1 s (the per-address
     cap, 64 by default) and after the idle timeout (none).
  c  slow headers: 300 connections sending a header byte every 2 s; how long they stay open
     (the header timeout, 10 s by default, should cut them).
  d  20,000 WebSocket text frames {"type":"state"} over 4 watcher connections of one friend game,
     as fast as possible: every frame answered, the excess refused ("too many messages").
  e  50 MB bodies: POST /api/games and /api/db/import (Content-Length, and chunked): 413 at once,
     and the server's RSS does not grow by the body; then 32 such uploads at once.
  f  a huge game upload: one PGN game of ~940,000 plies (a cycle of knight moves) in just under
     8 MiB to /api/db/import: refused as longer than --max-plies; then 4 of them at once (one is
     imported, the others refused 503 at once) while the normal client reads GET /api/db
     (under 1 s expected); then a 5,000-ply game (the cap)
     is imported and read back with GET /api/db/games/{id}, which must stay cheap.
  g  a quiet WebSocket watcher (a browser tab on a game where nobody moves) must outlive the
     idle timeout (the server pings it, or does not cut it).

During each phase the normal client (source address 127.0.0.2) probes every 200 ms: GET
/api/archive, GET /, GET /api/archive, POST /api/games (a friend game), each on a new connection;
every probe must answer 2xx in under 1 s. The server's CPU (utime+stime of /proc/PID/stat) is
measured over the phase and over a 3 s quiet window after it (must be under 5 % of a core), its
memory from /proc/PID/status (VmRSS; VmHWM, the peak, reset per phase where the kernel allows).

It takes about a minute with --idle-timeout 5 (the default here; the server's own default is
60 s, pass --idle-timeout 60 to keep it: phases b and g then take a minute each). Exit status 1
when any probe took >= 1 s or failed, or any expectation failed (one line per failure), 2 when
the server could not be started.
"""

import argparse
import base64
import hashlib
import http.client
import json
import os
import random
import resource
import selectors
import shutil
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time

ATTACKER = "127.0.0.1"
NORMAL = "127.0.0.2"
OWNER = "127.0.0.3"  # creates the games the attacks use, so the attacker's game bucket is its own

BUSY_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 120 1"
PROBE_EVERY = 0.2
PROBE_LIMIT = 1.0
IDLE_WINDOW = 3.0
IDLE_CPU_MAX = 5.0  # percent of one core
MAX_UPLOAD = 8 * 1024 * 1024
HUGE = 50 * 1000 * 1000


def die_if_not_loopback(host):
    if not host.startswith("127."):
        raise SystemExit(f"refusing to send traffic to {host}: loopback only")


# ---------------------------------------------------------------------------------------------
# The server process


class Server:
    def __init__(self, binary, idle_timeout, extra):
        self.binary = binary
        self.dir = tempfile.mkdtemp(prefix="chuhan-stress-")
        self.port = free_port()
        self.log_path = os.path.join(self.dir, "server.log")
        self.args = [
            binary, "serve",
            "--addr", f"{ATTACKER}:{self.port}",
            "--store", os.path.join(self.dir, "data", "games.sqlite3"),
            "--games-db", os.path.join(self.dir, "games.sqlite3"),
            "--games-db-uploads",
            "--idle-timeout", str(idle_timeout),
        ] + extra
        self.proc = None
        self.clk = os.sysconf("SC_CLK_TCK")

    def start(self):
        self.log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(self.args, stdout=self.log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                status, _, _ = request("GET", "/api/archive", self.port, src=NORMAL, timeout=2)
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"the server did not answer within 30 s:\n{self.log_tail()}")

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        if getattr(self, "log", None):
            self.log.close()

    def cleanup(self, keep):
        if keep:
            print(f"kept {self.dir}")
        else:
            shutil.rmtree(self.dir, ignore_errors=True)

    def log_tail(self, n=20):
        try:
            with open(self.log_path, "rb") as f:
                return "\n".join(f.read().decode("utf-8", "replace").splitlines()[-n:])
        except OSError:
            return ""

    def cpu_seconds(self):
        with open(f"/proc/{self.proc.pid}/stat") as f:
            text = f.read()
        fields = text[text.rindex(")") + 2:].split()
        # utime and stime are fields 14 and 15 of the whole line; 12 and 13 after "pid (comm)".
        return (int(fields[11]) + int(fields[12])) / self.clk

    def memory_kib(self, key):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
        return 0

    def rss_mib(self):
        return self.memory_kib("VmRSS") / 1024

    def peak_mib(self):
        return self.memory_kib("VmHWM") / 1024

    def reset_peak(self):
        """Resets VmHWM to the current RSS (Linux 4.0+: write 5 to clear_refs); False if not allowed."""
        try:
            with open(f"/proc/{self.proc.pid}/clear_refs", "w") as f:
                f.write("5")
            return True
        except OSError:
            return False


def free_port():
    s = socket.socket()
    s.bind((ATTACKER, 0))
    port = s.getsockname()[1]
    s.close()
    return port


# ---------------------------------------------------------------------------------------------
# HTTP and WebSocket clients


def request(method, path, port, body=None, src=NORMAL, timeout=5.0, headers=None):
    """One request on a new connection from `src`: (status, parsed JSON or text, seconds)."""
    t0 = time.monotonic()
    conn = http.client.HTTPConnection(ATTACKER, port, timeout=timeout, source_address=(src, 0))
    try:
        hdrs = {"Connection": "close"}
        if body is not None:
            hdrs["Content-Type"] = "application/json"
        hdrs.update(headers or {})
        conn.request(method, path, body=body, headers=hdrs)
        resp = conn.getresponse()
        data = resp.read()
        elapsed = time.monotonic() - t0
    finally:
        conn.close()
    try:
        parsed = json.loads(data)
    except ValueError:
        parsed = data.decode("utf-8", "replace")
    return resp.status, parsed, elapsed


def connect(port, src, timeout=3.0):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.bind((src, 0))
    s.settimeout(timeout)
    s.connect((ATTACKER, port))
    return s


def is_closed(sock):
    """Whether the peer has closed `sock` (FIN or RST), without blocking."""
    # Non-blocking for the test: a socket with a timeout would wait for readability first.
    timeout = sock.gettimeout()
    sock.setblocking(False)
    try:
        data = sock.recv(1, socket.MSG_PEEK)
        return data == b""
    except (BlockingIOError, InterruptedError):
        return False
    except OSError:
        return True
    finally:
        sock.settimeout(timeout)


class WebSocket:
    """A minimal RFC 6455 client: the handshake, masked text frames out, frames in."""

    GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    def __init__(self, port, path, src):
        self.sock = connect(port, src, timeout=5)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (f"GET {path} HTTP/1.1\r\nHost: {ATTACKER}:{port}\r\nUpgrade: websocket\r\n"
             f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise OSError("closed during the WebSocket handshake")
            head += chunk
            if len(head) > 65536:
                raise OSError("WebSocket handshake answer too long")
        head, self.buf = head.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        if " 101 " not in lines[0] + " ":
            raise OSError(f"WebSocket handshake refused: {lines[0]}")
        accept = base64.b64encode(hashlib.sha1((key + self.GUID).encode()).digest()).decode()
        got = {l.split(":", 1)[0].strip().lower(): l.split(":", 1)[1].strip() for l in lines[1:] if ":" in l}
        if got.get("sec-websocket-accept") != accept:
            raise OSError("wrong Sec-WebSocket-Accept")

    @staticmethod
    def frame(text, opcode=0x1):
        payload = text.encode() if isinstance(text, str) else text
        mask = os.urandom(4)
        n = len(payload)
        if n < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 65536:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        return head + mask + masked

    def recv_frame(self):
        """(opcode, payload), or None once the connection is closed."""
        def need(n):
            while len(self.buf) < n:
                chunk = self.sock.recv(65536)
                if not chunk:
                    return False
                self.buf += chunk
            return True
        if not need(2):
            return None
        b0, b1 = self.buf[0], self.buf[1]
        n, at = b1 & 0x7F, 2
        if n == 126:
            if not need(4):
                return None
            n, at = struct.unpack("!H", self.buf[2:4])[0], 4
        elif n == 127:
            if not need(10):
                return None
            n, at = struct.unpack("!Q", self.buf[2:10])[0], 10
        if b1 & 0x80:
            at += 4  # a server never masks, but skip a mask if one is there
        if not need(at + n):
            return None
        payload, self.buf = self.buf[at:at + n], self.buf[at + n:]
        return b0 & 0x0F, payload

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


# ---------------------------------------------------------------------------------------------
# The normal client and the phases' bookkeeping


class Prober(threading.Thread):
    """Probes the server from 127.0.0.2 every 200 ms until stopped (at most `max_secs`)."""

    ROUND = [
        ("GET", "/api/archive", None),
        ("GET", "/", None),
        ("GET", "/api/archive", None),
        ("POST", "/api/games", json.dumps({"mode": "friend"})),
    ]

    def __init__(self, port, max_secs):
        super().__init__(daemon=True)
        self.port = port
        self.max_secs = max_secs
        self.stopping = threading.Event()
        self.results = []  # (what, seconds or None, status or error text)

    def run(self):
        end = time.monotonic() + self.max_secs
        i = 0
        next_at = time.monotonic()
        while not self.stopping.is_set() and time.monotonic() < end:
            method, path, body = self.ROUND[i % len(self.ROUND)]
            i += 1
            what = f"{method} {path}"
            try:
                status, _, secs = request(method, path, self.port, body=body, src=NORMAL, timeout=5)
                self.results.append((what, secs, status))
            except (OSError, http.client.HTTPException) as e:
                self.results.append((what, None, f"{type(e).__name__}: {e}"))
            next_at += PROBE_EVERY
            self.stopping.wait(max(0.0, next_at - time.monotonic()))

    def stop(self):
        self.stopping.set()
        self.join(10)


class Phase:
    def __init__(self, key, title):
        self.key = key
        self.title = title
        self.figures = []  # (name, value) lines for the report
        self.failures = []
        self.probes = []
        self.cpu_phase = None
        self.cpu_idle = None
        self.secs = None

    def figure(self, name, value):
        self.figures.append((name, value))
        print(f"    {name}: {value}", flush=True)

    def expect(self, ok, text):
        if not ok:
            self.failures.append(text)
            print(f"    FAIL: {text}", flush=True)
        return ok


def probe_ok(secs, status):
    return secs is not None and secs < PROBE_LIMIT and isinstance(status, int) and 200 <= status < 300


def run_phase(server, phase, attack, max_secs):
    print(f"\n[{phase.key}] {phase.title}", flush=True)
    prober = Prober(server.port, max_secs)
    cpu0, t0 = server.cpu_seconds(), time.monotonic()
    prober.start()
    try:
        attack(server, phase)
    except Exception as e:  # noqa: BLE001 - a phase that breaks is reported, the others still run
        phase.expect(False, f"the attack itself failed: {type(e).__name__}: {e}")
    finally:
        prober.stop()
    if not server.alive():
        phase.expect(False, f"the server died (exit {server.proc.returncode}):\n{server.log_tail()}")
        phase.probes = prober.results
        return
    cpu1, t1 = server.cpu_seconds(), time.monotonic()
    phase.secs = t1 - t0
    phase.cpu_phase = 100 * (cpu1 - cpu0) / max(t1 - t0, 1e-6)
    time.sleep(IDLE_WINDOW)
    cpu2, t2 = server.cpu_seconds(), time.monotonic()
    phase.cpu_idle = 100 * (cpu2 - cpu1) / (t2 - t1)
    phase.probes = prober.results
    phase.expect(phase.cpu_idle < IDLE_CPU_MAX,
                 f"CPU in the {IDLE_WINDOW:.0f} s after the attack {phase.cpu_idle:.1f} % of a core "
                 f"(expected under {IDLE_CPU_MAX:.0f} %)")
    bad = [(w, s, st) for w, s, st in phase.probes if not probe_ok(s, st)]
    for w, s, st in bad[:5]:
        took = "no answer" if s is None else f"{s * 1000:.0f} ms"
        phase.expect(False, f"probe {w}: {st} ({took})")
    if len(bad) > 5:
        phase.expect(False, f"... and {len(bad) - 5} more bad probes")
    if not phase.probes:
        phase.expect(False, "no probe ran")


# ---------------------------------------------------------------------------------------------
# The attacks


def attack_busy_fen(server, phase):
    body = json.dumps({"mode": "engine", "level": 1, "fen": BUSY_FEN})
    answers = {}
    slowest = 0.0
    t0 = time.monotonic()
    for i in range(100):
        # Paced over 3 s, so that the probes and the CPU figures see the attack, not its gap.
        time.sleep(max(0.0, t0 + i * 0.03 - time.monotonic()))
        status, data, secs = request("POST", "/api/games", server.port, body=body, src=ATTACKER, timeout=10)
        code = data.get("code") if isinstance(data, dict) else None
        answers[(status, code)] = answers.get((status, code), 0) + 1
        slowest = max(slowest, secs)
    phase.figure("answers", ", ".join(f"{n} x {s} {c}" for (s, c), n in sorted(answers.items())))
    phase.figure("slowest answer", f"{slowest * 1000:.0f} ms")
    phase.expect(answers.get((400, "game_over"), 0) == 100,
                 f"expected 100 x 400 game_over, got {answers}")


def count_open(socks):
    return sum(1 for s in socks if not is_closed(s))


def attack_idle_sockets(server, phase, idle_timeout):
    socks, failed = [], 0
    t0 = time.monotonic()
    try:
        for _ in range(1000):
            try:
                socks.append(connect(server.port, ATTACKER, timeout=3))
            except OSError:
                failed += 1
            if time.monotonic() - t0 > 60:
                break
        t1 = time.monotonic()
        phase.figure("connected", f"{len(socks)} in {t1 - t0:.2f} s ({failed} connects failed)")
        time.sleep(max(0.0, t1 + 1.0 - time.monotonic()))
        after_1s = count_open(socks)
        phase.figure("open 1 s after the last connect", after_1s)
        phase.expect(after_1s <= 64, f"{after_1s} idle sockets open after 1 s (per-address cap 64 expected)")
        # When did the last one go? Polled every 0.5 s until the idle timeout + 2 s.
        after_idle = after_1s
        while after_idle and time.monotonic() < t1 + idle_timeout + 2.0:
            time.sleep(0.5)
            after_idle = count_open(socks)
        if after_idle == 0:
            phase.figure("all closed by", f"{time.monotonic() - t1:.1f} s after the last connect")
        else:
            phase.figure(f"open idle timeout + 2 s ({idle_timeout + 2} s) after the last connect", after_idle)
        phase.expect(after_idle == 0, f"{after_idle} idle sockets still open after {idle_timeout + 2} s")
        # While the attacker's sockets were cut: can the attacker's address connect and be served again?
        status, _, secs = request("GET", "/api/archive", server.port, src=ATTACKER, timeout=5)
        phase.figure("attacker's address served again", f"{status} in {secs * 1000:.0f} ms")
    finally:
        for s in socks:
            s.close()


SLOW_REQUEST = b"GET /api/archive HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow-header-stress\r\n\r\n"


def attack_slow_headers(server, phase, header_timeout):
    socks, opened, closed_at = [], {}, {}
    sel = selectors.DefaultSelector()
    answered = 0

    def watch(timeout):
        """Notes the connections the server closed (or answered) within `timeout` seconds."""
        nonlocal answered
        for key, _ in sel.select(timeout=timeout):
            s = key.fileobj
            try:
                data = s.recv(4096)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            if data:
                answered += 1  # e.g. a 408; the close follows
                continue
            closed_at[s.fileno()] = time.monotonic()
            sel.unregister(s)

    t0 = time.monotonic()
    try:
        for i in range(300):
            try:
                s = connect(server.port, ATTACKER, timeout=3)
            except OSError:
                continue
            s.setblocking(False)
            socks.append(s)
            opened[s.fileno()] = time.monotonic()
            sel.register(s, selectors.EVENT_READ)
            try:
                s.send(SLOW_REQUEST[:1])
            except OSError:
                closed_at[s.fileno()] = time.monotonic()
                sel.unregister(s)
            watch(0)
        phase.figure("connected", f"{len(socks)} in {time.monotonic() - t0:.2f} s")
        sent = 1
        next_byte = time.monotonic() + 2.0
        limit = t0 + header_timeout + 15
        while len(closed_at) < len(socks) and time.monotonic() < limit:
            watch(0.1)
            if time.monotonic() >= next_byte and sent < len(SLOW_REQUEST) - 1:
                for s in socks:
                    if s.fileno() in closed_at:
                        continue
                    try:
                        s.send(SLOW_REQUEST[sent:sent + 1])
                    except OSError:
                        closed_at[s.fileno()] = time.monotonic()
                        sel.unregister(s)
                sent += 1
                next_byte += 2.0
        lives = sorted(closed_at[f] - opened[f] for f in closed_at)
        quick = sum(1 for x in lives if x < 1.0)
        slow = [x for x in lives if x >= 1.0]
        still = len(socks) - len(closed_at)
        phase.figure("closed within 1 s of their connect (over the per-address cap)", quick)
        if slow:
            phase.figure("the others closed after",
                         f"{len(slow)}: min {min(slow):.1f} s, median {statistics.median(slow):.1f} s, "
                         f"max {max(slow):.1f} s (header bytes sent: {sent})")
        phase.figure("got bytes back before the close", answered)
        phase.figure("still open at the end", still)
        phase.expect(still == 0, f"{still} slow-header connections still open after {limit - t0:.0f} s")
        phase.expect(not slow or max(slow) <= header_timeout + 3,
                     f"slow-header connections lived up to {max(slow) if slow else 0:.1f} s "
                     f"(header timeout {header_timeout} s)")
    finally:
        sel.close()
        for s in socks:
            s.close()


def create_friend_game(port):
    status, data, _ = request("POST", "/api/games", port, body=json.dumps({"mode": "friend"}), src=OWNER)
    if status != 200 or not isinstance(data, dict) or "id" not in data:
        raise RuntimeError(f"creating a friend game: {status} {data}")
    return data["id"]


def attack_ws_frames(server, phase, total=20000, conns=4):
    game = create_friend_game(server.port)
    frame = WebSocket.frame('{"type":"state"}')
    per = total // conns
    stats = []
    lock = threading.Lock()

    def one(k):
        st = {"sent": 0, "state": 0, "too_many": 0, "other_error": 0, "closed_early": False, "secs": None}
        t0 = time.monotonic()
        try:
            ws = WebSocket(server.port, f"/api/games/{game}/ws", ATTACKER)
        except OSError as e:
            st["handshake"] = str(e)
            with lock:
                stats.append(st)
            return
        ws.sock.settimeout(10)

        def reader():
            # Until the answer to the marker sent after the flood: state answers (several asks
            # may be answered by one state, the server coalesces them) and errors.
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                try:
                    f = ws.recv_frame()
                except OSError:
                    f = None
                if f is None or f[0] == 0x8:
                    st["closed_early"] = True
                    return
                op, payload = f
                if op != 0x1:
                    continue
                try:
                    msg = json.loads(payload)
                except ValueError:
                    st["other_error"] += 1
                    continue
                text = str(msg.get("message", ""))
                if msg.get("type") == "state":
                    st["state"] += 1
                elif "too many" in text:
                    st["too_many"] += 1
                elif "not understood" in text:
                    st["marker"] = True
                    return
                else:
                    st["other_error"] += 1
                    st.setdefault("example", msg)

        r = threading.Thread(target=reader, daemon=True)
        r.start()
        try:
            batch = frame * 100
            for _ in range(per // 100):
                ws.sock.sendall(batch)
                st["sent"] += 100
            st["flood_secs"] = time.monotonic() - t0
            # Past the one-second window, a frame the server does not understand: its error
            # answer is the last, so everything before it has been answered.
            time.sleep(1.1)
            ws.sock.sendall(WebSocket.frame('{"type":"stress-marker"}'))
        except OSError as e:
            st["send_error"] = str(e)
        r.join(60)
        st["secs"] = time.monotonic() - t0
        try:
            ws.sock.sendall(WebSocket.frame(b"\x03\xe8", opcode=0x8))
        except OSError:
            pass
        ws.close()
        with lock:
            stats.append(st)

    threads = [threading.Thread(target=one, args=(k,), daemon=True) for k in range(conns)]
    t0 = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join(90)
    secs = time.monotonic() - t0
    sent = sum(s["sent"] for s in stats)
    state = sum(s["state"] for s in stats)
    many = sum(s["too_many"] for s in stats)
    other = sum(s["other_error"] for s in stats)
    flood = max((s.get("flood_secs", 0) for s in stats), default=0)
    phase.figure("frames sent", f"{sent} over {len(stats)} connections; the flood took {flood:.2f} s "
                                f"({sent / max(flood, 1e-6):,.0f} frames/s), all answered after {secs:.2f} s")
    phase.figure("answers", f"{many} 'too many messages', {state} state (asks coalesced), {other} other")
    for s in stats:
        for k in ("handshake", "send_error", "example"):
            if k in s:
                phase.figure(k, s[k])
    phase.expect(sent == total, f"only {sent} of {total} frames sent")
    phase.expect(all(s.get("marker") for s in stats) and not any(s["closed_early"] for s in stats),
                 "a connection closed, or its answers stopped, before the last frame was answered")
    # At most 20 frames a second a connection are taken; every other one is refused.
    allowed = conns * 20 * (int(flood) + 2)
    phase.expect(many >= sent - allowed,
                 f"{many} frames refused of {sent} in {flood:.1f} s: the 20/s per-connection limit did not hold")


def send_huge(server, path, chunked, max_secs=30):
    """Sends a 50 MB body to `path` from the attacker; returns what happened."""
    s = connect(server.port, ATTACKER, timeout=5)
    out = {"status": None, "answer_secs": None, "close_secs": None, "sent": 0, "send_error": None, "body": b""}
    head = f"POST {path} HTTP/1.1\r\nHost: {ATTACKER}\r\nContent-Type: application/octet-stream\r\n"
    head += "Transfer-Encoding: chunked\r\n\r\n" if chunked else f"Content-Length: {HUGE}\r\n\r\n"
    t0 = time.monotonic()
    stop = threading.Event()

    def sender():
        piece = b"[" * 65536
        try:
            s.sendall(head.encode())
            while out["sent"] < HUGE and not stop.is_set() and time.monotonic() - t0 < max_secs:
                data = piece if not chunked else b"%x\r\n" % len(piece) + piece + b"\r\n"
                s.sendall(data)
                out["sent"] += len(piece)
            if chunked and not stop.is_set():
                s.sendall(b"0\r\n\r\n")
        except OSError as e:
            out["send_error"] = type(e).__name__
        except ValueError:
            pass

    t = threading.Thread(target=sender, daemon=True)
    t.start()
    s.settimeout(0.5)
    got = b""
    while time.monotonic() - t0 < max_secs:
        try:
            data = s.recv(65536)
        except socket.timeout:
            continue
        except OSError:
            data = b""
        if data:
            if not got:
                out["answer_secs"] = time.monotonic() - t0
            got += data
            continue
        out["close_secs"] = time.monotonic() - t0
        break
    stop.set()
    try:
        s.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    s.close()
    t.join(5)
    if got:
        first = got.split(b"\r\n", 1)[0].decode("latin-1")
        parts = first.split()
        out["status"] = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else first
        out["body"] = got.split(b"\r\n\r\n", 1)[-1][:300]
    return out


def attack_huge_body(server, phase):
    for path, chunked in (("/api/games", False), ("/api/db/import?name=x.pgn", False),
                          ("/api/db/import?name=x.pgn", True)):
        name = f"{path}{' (chunked)' if chunked else ''}"
        rss0 = server.rss_mib()
        reset = server.reset_peak()
        r = send_huge(server, path, chunked)
        time.sleep(0.3)
        rss1 = server.rss_mib()
        peak = server.peak_mib() if reset else None
        answer = f"{r['answer_secs'] * 1000:.0f} ms" if r["answer_secs"] is not None else "none"
        close = f"{r['close_secs'] * 1000:.0f} ms" if r["close_secs"] is not None else "not closed"
        phase.figure(name, f"{r['status']} after {answer}, closed after {close}, "
                           f"{r['sent'] / 1e6:.1f} MB sent ({r['send_error'] or 'no send error'}); "
                           f"RSS {rss0:.1f} -> {rss1:.1f} MiB" + (f", peak {peak:.1f} MiB" if peak else ""))
        phase.expect(r["status"] == 413, f"{name}: expected 413, got {r['status']} {r['body']!r}")
        phase.expect(r["answer_secs"] is not None and r["answer_secs"] < 1.0,
                     f"{name}: the answer took {answer} (expected under 1 s)")
        grew = (peak if peak else rss1) - rss0
        phase.expect(grew < 16, f"{name}: the server's memory grew by {grew:.1f} MiB (read the body?)")
    # Many at once: each connection may have read up to its route's limit before the 413.
    n = 32
    rss0 = server.rss_mib()
    reset = server.reset_peak()
    results = []
    t0 = time.monotonic()
    threads = [threading.Thread(target=lambda: results.append(send_huge(server, "/api/db/import?name=x.pgn", False)),
                                daemon=True) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    secs = time.monotonic() - t0
    time.sleep(0.3)
    rss1, peak = server.rss_mib(), (server.peak_mib() if reset else None)
    statuses = {}
    for r in results:
        statuses[r["status"]] = statuses.get(r["status"], 0) + 1
    slowest = max((r["answer_secs"] or 99) for r in results) if results else 99
    phase.figure(f"{n} at once to /api/db/import",
                 f"{', '.join(f'{c} x {st}' for st, c in statuses.items())}, all within {secs:.2f} s "
                 f"(slowest answer {slowest * 1000:.0f} ms); RSS {rss0:.1f} -> {rss1:.1f} MiB"
                 + (f", peak {peak:.1f} MiB" if peak else ""))
    phase.expect(statuses.get(413, 0) == n, f"{n} uploads at once: expected {n} x 413, got {statuses}")


def knight_pgn(target_bytes, max_plies=None):
    """A PGN of one xiangqi game cycling four knight moves, as long as fits in target_bytes."""
    head = '[Game "Chinese Chess"]\n[Event "stress"]\n[Format "ICCS"]\n[Result "*"]\n\n'
    cycle = ["b0c2", "b9c7", "c2b0", "c7b9"]
    parts, size, ply = [head], len(head), 0
    while max_plies is None or ply < max_plies:
        piece = (f"{ply // 2 + 1}. " if ply % 2 == 0 else "") + cycle[ply % 4] + (" " if ply % 2 == 0 else "\n")
        if size + len(piece) + 4 > target_bytes:
            break
        parts.append(piece)
        size += len(piece)
        ply += 1
    parts.append(" *\n")
    return "".join(parts).encode(), ply


def attack_huge_game(server, phase, max_plies):
    pgn, plies = knight_pgn(MAX_UPLOAD - 1024)
    phase.figure("upload", f"one game of {plies:,} plies, {len(pgn):,} bytes")
    rss0 = server.rss_mib()
    reset = server.reset_peak()
    cpu0 = server.cpu_seconds()
    status, data, secs = request("POST", "/api/db/import?name=huge.pgn", server.port, body=pgn, src=ATTACKER,
                                 timeout=60, headers={"Content-Type": "application/x-chess-pgn"})
    cpu = server.cpu_seconds() - cpu0
    time.sleep(0.3)
    rss1, peak = server.rss_mib(), (server.peak_mib() if reset else None)
    phase.figure("answer", f"{status} in {secs * 1000:.0f} ms (server CPU {cpu:.2f} s): {json.dumps(data)[:300]}")
    phase.figure("RSS", f"{rss0:.1f} -> {rss1:.1f} MiB" + (f", peak {peak:.1f} MiB" if peak else ""))
    imported = data.get("imported") if isinstance(data, dict) else None
    errors = " ".join(data.get("errors", [])) if isinstance(data, dict) else ""
    phase.expect(status == 200 and imported == 0 and "more than the longest game" in errors,
                 f"expected the game refused as too long, got {status} {str(data)[:300]}")
    phase.expect(secs < 10, f"the upload took {secs:.1f} s to answer")

    # Four at once: one upload is imported at a time (the import holds the game database), the
    # others are answered 503 at once; the explorer's reads meanwhile are measured from the
    # normal client's address.
    rss0 = server.rss_mib()
    reset = server.reset_peak()
    answers, t0 = [], time.monotonic()

    def upload():
        try:
            answers.append(request("POST", "/api/db/import?name=huge.pgn", server.port, body=pgn, src=ATTACKER,
                                   timeout=60, headers={"Content-Type": "application/x-chess-pgn"})[0])
        except OSError as e:
            answers.append(type(e).__name__)

    threads = [threading.Thread(target=upload, daemon=True) for _ in range(4)]
    for t in threads:
        t.start()
    time.sleep(0.2)
    db_reads = []
    while any(t.is_alive() for t in threads) and time.monotonic() - t0 < 60:
        status, _, rsecs = request("GET", "/api/db", server.port, src=NORMAL, timeout=30)
        db_reads.append(rsecs)
        time.sleep(0.1)
    for t in threads:
        t.join(60)
    secs = time.monotonic() - t0
    time.sleep(0.3)
    rss1, peak = server.rss_mib(), (server.peak_mib() if reset else None)
    phase.figure("4 such uploads at once", f"{answers} within {secs:.2f} s; RSS {rss0:.1f} -> {rss1:.1f} MiB"
                 + (f", peak {peak:.1f} MiB" if peak else ""))
    phase.expect(all(a in (200, 503) for a in answers) and 200 in answers,
                 f"expected one upload imported and the others refused as busy (503): {answers}")
    if db_reads:
        phase.figure("GET /api/db (127.0.0.2) meanwhile",
                     f"{len(db_reads)} reads, max {max(db_reads) * 1000:.0f} ms")
        phase.expect(max(db_reads) < PROBE_LIMIT,
                     f"GET /api/db from the normal client took {max(db_reads) * 1000:.0f} ms while 4 huge "
                     f"uploads were imported: the import holds the game database (explorer, search) meanwhile")

    # The longest game the server takes, then read back: each read must stay cheap.
    pgn, plies = knight_pgn(MAX_UPLOAD, max_plies=max_plies)
    status, data, secs = request("POST", "/api/db/import?name=long.pgn", server.port, body=pgn, src=ATTACKER,
                                 timeout=30, headers={"Content-Type": "application/x-chess-pgn"})
    phase.figure(f"a {plies:,}-ply game (the cap)", f"{status} in {secs * 1000:.0f} ms: {json.dumps(data)[:200]}")
    phase.expect(status == 200 and isinstance(data, dict) and data.get("imported") == 1,
                 f"a game of exactly --max-plies ({plies}) should be imported: {status} {str(data)[:200]}")
    status, data, _ = request("GET", "/api/db/search?event=stress", server.port, src=ATTACKER)
    ids = [g.get("id") for g in data.get("games", [])] if isinstance(data, dict) else []
    if not ids:
        phase.expect(False, f"the imported game is not found by /api/db/search: {status} {str(data)[:200]}")
        return
    times, sizes = [], set()
    cpu0 = server.cpu_seconds()
    for _ in range(10):
        status, data, secs = request("GET", f"/api/db/games/{ids[0]}", server.port, src=ATTACKER, timeout=10)
        times.append(secs)
        sizes.add(len(json.dumps(data)))
        if status != 200:
            phase.expect(False, f"GET /api/db/games/{ids[0]}: {status} {str(data)[:200]}")
            break
    cpu = server.cpu_seconds() - cpu0
    phase.figure(f"GET /api/db/games/{ids[0]} x{len(times)}",
                 f"median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms, "
                 f"answer {max(sizes):,} bytes, server CPU {cpu:.2f} s in all")
    phase.expect(max(times) < 1.0, f"reading the {plies}-ply game took up to {max(times) * 1000:.0f} ms")
    status, data, secs = request("GET", "/api/db/games/999999", server.port, src=ATTACKER)
    phase.figure("GET /api/db/games/999999", f"{status} in {secs * 1000:.0f} ms")


def attack_quiet_watcher(server, phase, idle_timeout):
    game = create_friend_game(server.port)
    ws = WebSocket(server.port, f"/api/games/{game}/ws", NORMAL)
    t0 = time.monotonic()
    ws.sock.settimeout(1.0)
    pings, frames, closed = 0, 0, None
    try:
        while time.monotonic() - t0 < idle_timeout + 3:
            try:
                f = ws.recv_frame()
            except socket.timeout:
                continue
            except OSError:
                f = None
            if f is None or f[0] == 0x8:
                closed = time.monotonic() - t0
                break
            frames += 1
            if f[0] == 0x9:
                pings += 1
                ws.sock.sendall(WebSocket.frame(f[1], opcode=0xA))  # a browser answers pings itself
        phase.figure("frames from the server", f"{frames} ({pings} pings)")
        phase.figure("closed by the server after", f"{closed:.1f} s" if closed is not None else
                     f"not closed in {idle_timeout + 3} s")
        phase.expect(closed is None,
                     f"a silent watcher was cut off after {closed or 0:.1f} s (idle timeout {idle_timeout} s, "
                     f"{pings} pings): an open game page that nobody moves in loses its WebSocket")
    finally:
        ws.close()


# ---------------------------------------------------------------------------------------------


def report(phases):
    print("\n| phase | secs | probes | median | max | all < 1 s | CPU during | CPU 3 s after | result |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for p in phases:
        secs = [s for _, s, _ in p.probes if s is not None]
        med = f"{statistics.median(secs) * 1000:.0f} ms" if secs else "-"
        mx = f"{max(secs) * 1000:.0f} ms" if secs else "-"
        ok_probes = bool(p.probes) and all(probe_ok(s, st) for _, s, st in p.probes)
        cpu = f"{p.cpu_phase:.0f} %" if p.cpu_phase is not None else "-"
        idle = f"{p.cpu_idle:.1f} %" if p.cpu_idle is not None else "-"
        took = f"{p.secs:.0f}" if p.secs is not None else "-"
        result = "ok" if not p.failures else f"FAIL ({len(p.failures)})"
        print(f"| {p.key}. {p.title} | {took} | {len(p.probes)} | {med} | {mx} | "
              f"{'yes' if ok_probes else 'no'} | {cpu} | {idle} | {result} |")
    print("\nFigures:")
    for p in phases:
        for name, value in p.figures:
            print(f"- {p.key}. {name}: {value}")


def main():
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="\n\n".join(__doc__.split("\n\n")[1:]),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default="target/release/chuhan", help="the chuhan binary (default %(default)s)")
    ap.add_argument("--only", default="abcdefg", help="phases to run, e.g. a,c (default: all, abcdefg)")
    ap.add_argument("--idle-timeout", type=int, default=5,
                    help="passed to chuhan serve (default %(default)s; the server's own default is 60)")
    ap.add_argument("--header-timeout", type=int, default=10,
                    help="passed to chuhan serve (default %(default)s, the server's own)")
    ap.add_argument("--max-plies", type=int, default=5000,
                    help="passed to chuhan serve (default %(default)s, the server's own)")
    ap.add_argument("--server-arg", action="append", default=[],
                    help="one more argument for chuhan serve (repeatable)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory (database, server log)")
    args = ap.parse_args()

    only = [c for c in args.only if c.isalpha()]
    unknown = [c for c in only if c not in "abcdefg"]
    if unknown:
        ap.error(f"--only: no phase {', '.join(unknown)} (phases a to g)")
    if not os.access(args.bin, os.X_OK):
        ap.error(f"--bin {args.bin}: not an executable (cargo build --release -p chuhan-cli)")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 2048:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(4096, hard), hard))

    extra = ["--header-timeout", str(args.header_timeout), "--max-plies", str(args.max_plies)] + args.server_arg
    server = Server(args.bin, args.idle_timeout, extra)
    die_if_not_loopback(ATTACKER)
    # Ctrl-C arrives as KeyboardInterrupt; a plain kill (SIGTERM) is made one too, so the server
    # is always stopped by the finally below.
    def on_term(*_):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_term)
    phases = []
    started = time.monotonic()
    try:
        try:
            server.start()
        except RuntimeError as e:
            print(f"chuhan serve did not start: {e}", file=sys.stderr)
            return 2
        print(f"chuhan serve pid {server.proc.pid} on {ATTACKER}:{server.port} (data in {server.dir}); "
              f"RSS {server.rss_mib():.1f} MiB")
        print("  " + " ".join(server.args[1:]))
        table = [
            ("a", "busy-loop FEN x100", attack_busy_fen, 60),
            ("b", "1,000 idle sockets", lambda s, p: attack_idle_sockets(s, p, args.idle_timeout),
             args.idle_timeout + 70),
            ("c", "300 slow-header connections", lambda s, p: attack_slow_headers(s, p, args.header_timeout),
             args.header_timeout + 30),
            ("d", "20,000 WebSocket frames", attack_ws_frames, 120),
            ("e", "50 MB bodies", attack_huge_body, 120),
            ("f", "huge game upload", lambda s, p: attack_huge_game(s, p, args.max_plies), 120),
            ("g", "quiet WebSocket watcher", lambda s, p: attack_quiet_watcher(s, p, args.idle_timeout),
             args.idle_timeout + 10),
        ]
        for key, title, attack, max_secs in table:
            if key not in only:
                continue
            phase = Phase(key, title)
            phases.append(phase)
            run_phase(server, phase, attack, max_secs)
            if not server.alive():
                break
        print(f"\nserver RSS at the end {server.rss_mib():.1f} MiB (peak over the run not reset: "
              f"see the phases); {time.monotonic() - started:.0f} s in all")
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    finally:
        server.stop()
        server.cleanup(args.keep)
    report(phases)
    failures = [(p.key, f) for p in phases for f in p.failures]
    if failures:
        print(f"\n{len(failures)} failure(s):")
        for key, f in failures:
            print(f"FAIL [{key}] {f}")
        return 1
    print("\nall phases passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
