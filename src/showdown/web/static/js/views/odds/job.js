// A calculation running on the server as a job (POST /api/equity/jobs): its states followed as
// server-sent events, by polling once the stream breaks, until the view lets it go; cancelled
// by DELETE.

import { api } from "../../lib/api.js";

const POLL = 250;   // ms between two questions once the stream is broken

/** Cancel the job `id` (one that is over already is no trouble). */
export async function cancelJob(id) {
  try { await api("DELETE", `/equity/jobs/${encodeURIComponent(id)}`); } catch { /* already over */ }
}

export class Job {
  /**
   * `started`: the server's answer to the job's start; `receive(state)` is called with each state
   * of the job, `lost(error)` when the server stops answering while the job is followed.
   */
  constructor(started, { receive, lost }) {
    this.id = started.job_id;
    this.exact = started.exact;
    this.progress = 0;      // the share of the work done, as last reported
    this.followed = false;
    this.source = null;
    this.timer = null;
    this.receive = receive;
    this.lost = lost;
  }

  /** Listen to the job's events; fall back to polling if the stream breaks. */
  follow() {
    this.followed = true;
    const source = new EventSource(`/api/equity/jobs/${encodeURIComponent(this.id)}/events`);
    this.source = source;
    source.onmessage = (event) => this.receive(JSON.parse(event.data));
    source.onerror = () => {
      source.close();
      if (this.followed) this.poll();
    };
  }

  poll() {
    this.timer = setTimeout(async () => {
      try {
        const state = await api("GET", `/equity/jobs/${encodeURIComponent(this.id)}`);
        this.receive(state);
        if (state.status === "running" && this.followed) this.poll();
      } catch (error) {
        if (this.followed) this.lost(error);
      }
    }, POLL);
  }

  /** Stop following the job (it keeps running until cancelled). */
  letGo() {
    this.followed = false;
    if (this.source) this.source.close();
    clearTimeout(this.timer);
  }

  cancel() {
    return cancelJob(this.id);
  }
}
