"""A misbehaving implementation under test, for the difftest tests: the reference adapter with
one fault injected at a given request number.

    python tests/oracle/fake_impl.py MODE N

MODE: crash (exit 3 at request N), hang (never answer request N), garbage (answer request N with
text that is not JSON), array (answer with a JSON array), deep (a JSON array nested 200000 deep),
long-number (an id of 10000 digits), wrong-id (answer request N with another
id), oversized (a 5 MB answer line), no-ok (an answer without "ok"), refuse (refuse the N-th
apply), extra-action (one more legal action from request N on), drop-action (one legal action
fewer), wrong-player (say the other side is to move), state-funding (Funding one higher in every
state from request N on), bad-action (a legal action that is not a string or flat object),
silent-exit (exit 0 without answering request N), slow (sleep 0.3 s before each answer: legal,
only slow), protocol-3 (reset answers protocol 3, which does not exist), us-second (Prestige one lower in every state
once the US has chosen an action other than the first listed; N unused), orphan-exit (start a
child that inherits stdout and sleeps, then exit at request N), stderr-flood (write N MiB to stderr
without a newline before the first answer, then answer normally), pid-hang (write its pid to the
file named by CDG_FAKE_PID, then never answer request N), just-under (sleep N tenths of a second
before each answer), no-position (starts every game at the scenario's start: its reset answer
never says "position": true), protocol-true and protocol-float (reset answers "protocol": true, or
2.0), id-true and id-float (answer request N with "id": true, or the id as a float), duplicate-key
(answer request N with "ok": false before its "ok": true: the last would win), nan and infinity
(answer request N with a field holding NaN, or Infinity), escapes (refuse the N-th apply with an
error text full of terminal escape sequences, and write such a line to stderr), crash-escapes
(write such a line to stderr and exit 3 at request N).

The fake speaks protocol 1 (reset answers 1, so the oracle asks legal_actions and state after
every apply, and the request numbers above hold); MODE-v2 (``state-funding-v2``,
``extra-action-v2``, ``wrong-player-v2``, ``refuse-v2``) speaks protocol 2, where each apply carries
``report`` and its answer the position after, to which the fault then applies too.
"""
from __future__ import annotations

import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from cdg_oracle.oracle.reference_adapter import Session  # noqa: E402


def main() -> int:
    mode, n = sys.argv[1], int(sys.argv[2])
    v2 = mode.endswith("-v2")
    mode = mode.removesuffix("-v2")
    session = Session()
    count = applies = 0
    us_strayed = False
    for line in sys.stdin:
        count += 1
        req = json.loads(line)
        if req.get("cmd") == "apply":
            applies += 1
        if (mode == "us-second" and req.get("cmd") == "apply" and session.state is not None
                and session.state.current_player() == "US"
                and session.state.legal_actions().index(req["action"]) > 0):
            us_strayed = True
        answer = session.handle(req)
        hit = count >= n
        if us_strayed and req.get("cmd") == "state":
            answer["state"]["prestige"] -= 1
        if mode == "slow":
            time.sleep(0.3)
        if mode == "just-under":
            time.sleep(n / 10)
        if count == 1 and mode == "stderr-flood":
            chunk = b"x" * (1 << 20)
            for _ in range(n):
                sys.stderr.buffer.write(chunk)
            sys.stderr.buffer.flush()
        if hit and mode == "orphan-exit":
            import subprocess
            subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"], stdout=sys.stdout)
            return 0
        if mode == "pid-hang" and count == 1:
            with open(os.environ["CDG_FAKE_PID"], "w") as fh:
                fh.write(str(os.getpid()))
        if hit and mode == "pid-hang":
            time.sleep(3600)
        if hit and mode == "crash-escapes":
            print("fake:\x1b[2J\x1b]0;pwned\x07\rcrashing", file=sys.stderr, flush=True)
            return 3
        if hit and mode == "crash":
            print("fake: crashing on purpose", file=sys.stderr)
            return 3
        if hit and mode == "silent-exit":
            return 0
        if hit and mode == "hang":
            time.sleep(3600)
        if count == n and mode == "garbage":
            sys.stdout.write("this is not json\n")
            sys.stdout.flush()
            continue
        if count == n and mode == "array":
            sys.stdout.write("[1, 2, 3]\n")
            sys.stdout.flush()
            continue
        if count == n and mode == "deep":  # valid-looking JSON nested past any parser's limit
            sys.stdout.write("[" * 200_000 + "]" * 200_000 + "\n")
            sys.stdout.flush()
            continue
        if count == n and mode == "long-number":
            sys.stdout.write('{"id": ' + "9" * 10_000 + ', "ok": true}\n')
            sys.stdout.flush()
            continue
        if count == n and mode == "oversized":
            sys.stdout.write('{"pad": "' + "x" * 5_000_000 + '"}\n')
            sys.stdout.flush()
            continue
        if count == n and mode == "wrong-id":
            answer["id"] = answer["id"] + 7
        if count == n and mode == "no-ok":
            del answer["ok"]
        if mode == "refuse" and req.get("cmd") == "apply" and applies == n:
            answer = {"id": req["id"], "ok": False, "error": "I do not think so"}
        if hit and (req.get("cmd") == "legal_actions" or (v2 and "actions" in answer)):
            if mode == "extra-action":
                answer["actions"] = answer["actions"] + [{"country": "Atlantis"}]
            if mode == "drop-action" and len(answer["actions"]) > 1:
                answer["actions"] = answer["actions"][1:]
            if mode == "wrong-player" and answer["player"] in ("US", "Jihadist"):
                answer["player"] = "Jihadist" if answer["player"] == "US" else "US"
            if mode == "bad-action":
                answer["actions"] = answer["actions"] + [{"nested": {"no": 1}}]
        if hit and mode == "state-funding" and (req.get("cmd") == "state" or (v2 and "state" in answer)):
            answer["state"]["funding"] += 1
        if mode == "no-position" and req.get("cmd") == "reset":
            answer.pop("position", None)  # an adapter that ignores a reset's position
        if mode == "protocol-3" and req.get("cmd") == "reset":
            answer["protocol"] = 3
        elif req.get("cmd") == "reset" and answer.get("ok") and not v2:
            answer["protocol"] = 1
        if mode == "protocol-true" and req.get("cmd") == "reset":
            answer["protocol"] = True
        if mode == "protocol-float" and req.get("cmd") == "reset":
            answer["protocol"] = float(answer["protocol"])
        if count == n and mode == "id-true":
            answer["id"] = True
        if count == n and mode == "id-float":
            answer["id"] = float(answer["id"])
        if count == n and mode in ("nan", "infinity"):
            answer["note"] = float("nan") if mode == "nan" else float("inf")
        if mode == "escapes" and req.get("cmd") == "apply" and applies == n:
            answer = {"id": req["id"], "ok": False, "error": "no\x1b[2J\x1b]0;pwned\x07\rway"}
            print("fake:\x1b[2J\x1b]0;pwned\x07 stderr", file=sys.stderr, flush=True)
        text = json.dumps(answer)
        if count == n and mode == "duplicate-key":
            text = '{"ok": false, ' + text[1:]
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
        if req.get("cmd") == "quit":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
