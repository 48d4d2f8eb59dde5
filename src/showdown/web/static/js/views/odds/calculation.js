// The Odds view's runs: the plan line kept up to date as the inputs change (what Run will do,
// or why an exact count is out of reach, with Monte Carlo on offer), Run (the plan, then the
// server's job followed until it ends, its numbers on the display) and Stop.

import { api, el, setStatus } from "../../lib/api.js";
import { fieldProblem } from "../../lib/forms.js";
import { Job, cancelJob } from "./job.js";
import { OUT_OF_TIME, Plans, offerText, planLine } from "./plan.js";

const PLAN_DELAY = 300;   // ms of quiet before the plan of the inputs is asked for

export class Calculation {
  /**
   * request(): the calculation the inputs ask for; fields(): their card fields; time(): the
   * seconds chosen for Monte Carlo; chooseMonteCarlo(): the method becomes Monte Carlo;
   * display: the EquityDisplay; status: the view's status line.
   */
  constructor({ request, fields, time, chooseMonteCarlo, display, status }) {
    this.request = request;
    this.fields = fields;
    this.time = time;
    this.display = display;
    this.status = status;
    this.plans = new Plans();
    this.job = null;          // the Job followed, while a calculation runs
    this.runs = 0;            // numbers the runs, so that a run overtaken by a newer one stops
    this.planTimer = null;
    this.planTicket = 0;      // numbers the plans asked for, so that only the latest is shown
    this.runButton = el("button", { type: "button", class: "primary", onclick: () => this.run(),
      "data-testid": "odds-run" }, "Run");
    this.stopButton = el("button", { type: "button", onclick: () => this.stop(), disabled: true,
      "data-testid": "odds-stop" }, "Stop");
    this.planText = el("span", { "data-testid": "odds-plan" });
    this.offerButton = el("button", { type: "button", class: "small", hidden: true, "data-testid": "odds-offer",
      onclick: () => { chooseMonteCarlo(); this.run(); } }, "Run Monte Carlo instead");
    this.planLine = el("p", { class: "odds-plan empty", "aria-live": "polite" }, this.planText, " ", this.offerButton);
  }

  // ---- the plan line -------------------------------------------------------------------

  /** Ask for the plan of the inputs once they have been quiet for a moment. */
  schedulePlan() {
    clearTimeout(this.planTimer);
    this.planTimer = setTimeout(() => this.refreshPlan(), PLAN_DELAY);
  }

  async refreshPlan() {
    const ticket = ++this.planTicket;
    const problem = await fieldProblem(this.fields());
    if (ticket !== this.planTicket) return;
    if (problem) { this.showPlan(null); return; }     // the field shows its own message
    const body = this.request();
    const answer = await this.plans.of(body);
    if (ticket !== this.planTicket) return;
    this.showPlan(answer, body);
  }

  showPlan(answer, body) {
    this.offerButton.textContent = offerText(this.time());
    const { text, kind, offer } = planLine(answer, body, this.time());
    this.setPlan(text, kind, offer);
  }

  setPlan(text, kind, offer = false) {
    this.planText.textContent = text;
    this.planLine.dataset.kind = kind;
    this.planLine.classList.toggle("empty", !text);  // the line keeps its place: nothing below it jumps
    this.offerButton.hidden = !offer;
  }

  // ---- the run -------------------------------------------------------------------------

  async run() {
    const previous = this.letGo();
    this.display.clear();                 // at once: the last run's numbers are not this run's
    setStatus(this.status, "");
    const ticket = ++this.runs;
    if (previous) await previous.cancel();
    const problem = await fieldProblem(this.fields());
    if (ticket !== this.runs) return;
    if (problem) {
      setStatus(this.status, problem);
      return;
    }
    const body = this.request();
    clearTimeout(this.planTimer);
    this.planTicket += 1;                 // a plan asked for earlier must not overwrite this one
    const answer = await this.plans.of(body);
    if (ticket !== this.runs) return;
    if (answer.error) {
      this.setPlan("", "");
      setStatus(this.status, answer.error);
      return;
    }
    this.showPlan(answer, body);
    if (body.exact === true && !answer.data.job.affordable) {
      this.offerButton.focus();           // not run: the plan line says why and offers Monte Carlo
      return;
    }
    this.display.drawRows(body.players, answer.data.job.exact, body.board, body.dead);
    try {
      const started = await api("POST", "/equity/jobs", body);
      if (ticket !== this.runs) {
        await cancelJob(started.job_id);
        return;
      }
      this.follow(started);
    } catch (error) {
      if (ticket !== this.runs) return;
      this.display.clear();
      setStatus(this.status, error.message);
    }
  }

  follow(started) {
    this.job = new Job(started, { receive: (state) => this.receive(state), lost: (error) => this.lost(error) });
    this.display.follows(this.job);
    this.runButton.disabled = true;
    this.stopButton.disabled = false;
    this.job.follow();
  }

  receive(state) {
    const job = this.job;
    if (!job || state.job_id !== job.id) return;
    job.progress = state.progress;
    if (state.status === "running") {
      if (job.exact) this.display.showCounting(state);
      else if (state.result) this.display.drawEstimate(state.result, state.progress);
      return;
    }
    this.letGo();
    this.display.state = state.status;
    if (state.status === "done") this.display.drawFinal(state.result);
    else if (state.status === "cancelled") this.display.showStopped(job, state.result);
    else this.failed(state);
  }

  /** A failed run leaves no numbers; an exact count that ran out of time offers Monte Carlo. */
  failed(state) {
    this.display.clear();
    if (state.try_monte_carlo) {
      this.setPlan(OUT_OF_TIME, "warn", true);
      this.offerButton.textContent = offerText(this.time());
      return;
    }
    setStatus(this.status, state.error || "the calculation failed");
  }

  /** The server stopped answering about the job followed. */
  lost(error) {
    this.letGo();
    this.display.clear();
    setStatus(this.status, error.message);
  }

  /** Stop following the job (it keeps running until cancelled); the job, or null. */
  letGo() {
    const current = this.job;
    if (!current) return null;
    current.letGo();
    this.job = null;
    this.runButton.disabled = false;
    this.stopButton.disabled = true;
    return current;
  }

  /** Stop the calculation: Monte Carlo keeps its estimate, an exact count leaves no numbers. */
  async stop() {
    const current = this.letGo();
    if (!current) return;
    this.display.state = "cancelled";
    this.display.showStopped(current, null);
    await current.cancel();
  }
}
