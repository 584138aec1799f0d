#!/usr/bin/env python3
"""A hostile update server for refresh-bench: GET /endless/... streams zeros
without end; GET /big/... sends 50 MB with a true Content-Length."""
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CHUNK = b"\0" * 65536
BIG = 50 * 1000 * 1000


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        try:
            if self.path.startswith("/endless"):
                self.send_header("Connection", "close")
                self.end_headers()
                while True:
                    self.wfile.write(CHUNK)
            else:
                self.send_header("Content-Length", str(BIG))
                self.end_headers()
                left = BIG
                while left > 0:
                    part = CHUNK[: min(left, len(CHUNK))]
                    self.wfile.write(part)
                    left -= len(part)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def log_message(self, *args):
        pass


ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
