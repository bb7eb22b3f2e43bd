"""Headless Chromium (the distribution's package) driven over its DevTools protocol: a phone
seat's page opened at a phone's size, evaluated, clicked and photographed, for the browser
tests and tools/phone_pages.py. `BROWSER` is None where Chromium is not installed."""
from __future__ import annotations

import base64
import json
import shutil
import subprocess
import time
from pathlib import Path

from tests.robot_phones import ClientLoop

BROWSER = next((shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome") if shutil.which(name)),
               None)


class Browser:
    """Chromium driven over its DevTools protocol (a WebSocket) from a thread of its own."""

    def __init__(self, profile: Path, url: str, size=(390, 844)):
        self.process = subprocess.Popen(
            [BROWSER, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--remote-debugging-port=0", f"--user-data-dir={profile}", f"--window-size={size[0]},{size[1]}",
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not port_file.exists() or not port_file.read_text().strip():
            assert time.monotonic() < deadline, "Chromium did not start"
            time.sleep(0.1)
        port = int(port_file.read_text().split()[0])
        self.client = ClientLoop()
        self.ids = 0
        self.ws = self.call(self._open(port))
        self.send("Emulation.setDeviceMetricsOverride", width=size[0], height=size[1], deviceScaleFactor=2, mobile=True)
        self.send("Page.enable")
        self.send("Page.navigate", url=url)

    def call(self, coroutine, timeout=20):
        return self.client.call(coroutine, timeout)

    async def _open(self, port):
        session = self.client.session
        async with session.get(f"http://127.0.0.1:{port}/json") as answer:
            pages = await answer.json(content_type=None)
        page = next(page for page in pages if page["type"] == "page")
        return await session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0)

    async def _send(self, method, params):
        self.ids += 1
        ident = self.ids
        await self.ws.send_str(json.dumps({"id": ident, "method": method, "params": params}))
        async for message in self.ws:
            data = json.loads(message.data)
            if data.get("id") == ident:
                return data.get("result", {})

    def send(self, method, **params):
        return self.call(self._send(method, params))

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def click(self, x, y):
        for kind in ("mousePressed", "mouseReleased"):
            self.send("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    def screenshot(self, path: Path) -> None:
        data = self.send("Page.captureScreenshot", format="png")["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self):
        try:
            self.call(self.ws.close())
        finally:
            self.client.stop()
            self.process.terminate()
            self.process.wait(10)
