// What a run of the Odds view will be, said before it runs: the server's plan of the inputs
// (asked once for the same inputs) and the words of the plan line: an exact count of so many
// deals and about how long, Monte Carlo for the chosen time, or an exact count too dear for
// the server, with Monte Carlo on offer.

import { api, thousands } from "../../lib/api.js";
import { planQuestion } from "./state.js";

const SUPERSCRIPT = "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079";

/** 4.1e12 -> "4.1 × 10¹²". */
function powerText(n) {
  const exponent = Math.floor(Math.log10(n));
  let mantissa = Number((n / 10 ** exponent).toFixed(1));
  let power = exponent;
  if (mantissa >= 10) { mantissa /= 10; power += 1; }
  const digits = String(power).split("").map((d) => SUPERSCRIPT[Number(d)]).join("");
  return `${mantissa} \u00d7 10${digits}`;
}

/** A number of deals: in full up to billions, as a power of ten beyond. */
function dealsText(n) {
  return n < 1e10 ? thousands(n) : powerText(n);
}

/** A span of time in words: "under a second", "about 4 s", "about 3 minutes", "about 2 days". */
function durationText(seconds) {
  if (seconds < 1) return "under a second";
  if (seconds < 90) return `about ${Math.round(seconds)} s`;
  if (seconds < 90 * 60) return `about ${Math.round(seconds / 60)} minutes`;
  if (seconds < 36 * 3600) return `about ${Math.round(seconds / 3600)} hours`;
  if (seconds < 730 * 86400) return `about ${thousands(Math.round(seconds / 86400))} days`;
  return `about ${dealsText(Math.round(seconds / (365 * 86400)))} years`;
}

/** A limit of time in words: "2 minutes", "30 s". */
function limitText(seconds) {
  return seconds >= 120 && seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} s`;
}

/** Exact too dear for the server, in words. */
function tooDearText(data) {
  const deals = data.assignments * data.boards;
  if (!data.exact_possible) return `Too many deals to count exactly (${powerText(deals)}).`;
  const upTo = data.assignments > 1 ? "up to " : "";
  // The server's limit as time: its hand evaluations at its pace (an estimate), or its seconds.
  const { seconds, limit_seconds: limitSeconds, limited_by: limitedBy } = data.job;
  const limit = limitedBy === "evaluations" ? durationText(limitSeconds) : limitText(limitSeconds);
  return `Too many deals to count exactly here: ${upTo}${dealsText(deals)} deals would take ${durationText(seconds)}`
    + ` of counting, and this server stops an exact count at ${limit}.`;
}

/** The words of the button that offers Monte Carlo for `time` seconds. */
export function offerText(time) {
  return `Run Monte Carlo for ${time} s instead`;
}

/** The plan line when an exact count ran out of the server's time. */
export const OUT_OF_TIME = "The exact count did not finish in the time this server gives a calculation, so there is "
  + "no result. Monte Carlo can estimate it instead.";

/**
 * The plan line for the server's `answer` on the calculation `body` with Monte Carlo for
 * `time` seconds: {text, kind, offer} (offer: Monte Carlo is offered instead).
 */
export function planLine(answer, body, time) {
  if (!answer) return { text: "", kind: "", offer: false };
  if (answer.error) return { text: answer.error, kind: "error", offer: false };
  const data = answer.data;
  const deals = data.assignments * data.boards;
  const upTo = data.assignments > 1 ? "up to " : "";
  const info = (text) => ({ text, kind: "info", offer: false });
  if (body.exact === false) return info(`Monte Carlo for ${time} s.`);
  if (body.exact === true && !data.job.affordable) return { text: tooDearText(data), kind: "warn", offer: true };
  if (data.job.exact) return info(`Exact: ${upTo}${dealsText(deals)} deals (${durationText(data.job.seconds)}).`);
  if (data.job.affordable) {
    return info(`Monte Carlo for ${time} s; an exact count of ${upTo}${dealsText(deals)} deals would take `
      + `${durationText(data.job.seconds)} (choose Exact for it).`);
  }
  return info(`Too many deals for exact (${powerText(deals)}); Monte Carlo for ${time} s.`);
}

/** The server's plans, the last one kept: {key, data}, or {key, error} for inputs it refused. */
export class Plans {
  constructor() {
    this.last = null;
  }

  /** The plan of the calculation `body` (asked once for the same inputs). */
  async of(body) {
    const question = planQuestion(body);
    const key = JSON.stringify(question);
    if (this.last && this.last.key === key) return this.last;
    let answer;
    try {
      answer = { key, data: await api("POST", "/equity/plan", question) };
    } catch (error) {
      answer = { key, error: error.message };
      if (error.status !== 422) return answer;   // the server's word on the inputs is kept, a lost line is not
    }
    this.last = answer;
    return answer;
  }
}
