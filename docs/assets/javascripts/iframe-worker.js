/* Search from the file system.
 *
 * The site's search runs in a Web Worker, and a page opened from file:// may not start one
 * (browsers refuse `new Worker` on a file URL). On such a page only, this replaces
 * `window.Worker` with a stand-in that runs the worker's script in a hidden iframe of the
 * page's own origin: the page's `postMessage` becomes a "message" event in the frame, and the
 * script's `postMessage` a "message" event (and `onmessage` call) on the stand-in. Messages
 * posted before the script has loaded wait for it. Relative URLs in the script resolve against
 * its own address, as in a worker, and `importScripts` loads scripts in order (it returns a
 * promise, which the search worker awaits). Served over http(s) this file does nothing.
 *
 * Its name holds "iframe-worker": listed under `extra: polyfills` in mkdocs.yml, it keeps
 * Material's offline plugin from adding a shim fetched from the network.
 */
(function () {
  "use strict";
  if (location.protocol !== "file:") return;

  function load(frame, url) {
    return new Promise(function (resolve, reject) {
      const script = frame.createElement("script");
      script.src = url;
      script.onload = resolve;
      script.onerror = function () { reject(new Error("cannot load " + url)); };
      frame.head.appendChild(script);
    });
  }

  class FrameWorker extends EventTarget {
    constructor(url) {
      super();
      this.onmessage = null;
      this.onerror = null;
      this.addEventListener("message", (event) => this.onmessage && this.onmessage(event));
      this.addEventListener("error", (event) => this.onerror && this.onerror(event));
      this._waiting = [];
      this._iframe = document.createElement("iframe");
      this._iframe.hidden = true;
      this._iframe.setAttribute("aria-hidden", "true");
      (document.body || document.documentElement).appendChild(this._iframe);

      const scope = this._iframe.contentWindow;
      const frame = this._iframe.contentDocument;
      const address = new URL(url, location.href).href;
      const base = frame.createElement("base");
      base.href = address;
      frame.head.appendChild(base);
      scope.postMessage = (data) => this._emit(new MessageEvent("message", {data: structuredClone(data)}));
      scope.importScripts = (...urls) =>
        urls.reduce((done, next) => done.then(() => load(frame, next)), Promise.resolve());
      scope.close = () => this.terminate();
      scope.addEventListener("error", (event) => this._emit(new ErrorEvent("error", {
        message: event.message, filename: event.filename, lineno: event.lineno, colno: event.colno})));
      load(frame, address).then(() => {
        const waiting = this._waiting;
        this._waiting = null;
        waiting.forEach((data) => this.postMessage(data));
      }, (error) => this._emit(new ErrorEvent("error", {message: error.message, filename: address})));
    }

    postMessage(data) {
      if (!this._iframe) return;
      if (this._waiting) { this._waiting.push(data); return; }
      const scope = this._iframe.contentWindow;
      const event = new scope.MessageEvent("message", {data: scope.structuredClone(data)});
      setTimeout(() => this._iframe && scope.dispatchEvent(event));
    }

    terminate() {
      if (this._iframe) this._iframe.remove();
      this._iframe = null;
      this._waiting = null;
    }

    _emit(event) {
      setTimeout(() => this._iframe && this.dispatchEvent(event));
    }
  }

  window.Worker = FrameWorker;
})();
