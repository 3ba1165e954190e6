// The page's one state: what is loaded, what is shown, what is running. One object shared by
// every module (each reads and sets its fields), so that no module keeps a copy that could
// fall out of step.

export const state = {
  meta: null,
  /** The current system's entry of meta.systems. */
  system: null,
  /** Virtual path of the scenario (its includes resolve next to it); null for a starter. */
  path: null,
  /** Library changes, `PATH=VALUE` strings sent as repeated `set=`. */
  sets: [],
  /** Stopping-rule parameters a share link carried (kept until another scenario loads). */
  shared: {},
  /** The last /api/fields answer. */
  fields: null,
  /** true / false once a run said whether the scenario is exact; null = not known yet. */
  exact: null,
  /** What is shown: {result, html, trials, worst, serverMs, ms, stopped}. */
  shown: null,
  /** Each run (and each Stop) takes a new id; answers of older runs are dropped. */
  runId: 0,
  controller: null,
  running: false,
  /** Sequence number of /api/fields requests (late answers of older ones are dropped). */
  fieldsSeq: 0,
  lastEdit: 0,
  timers: { fields: 0, run: 0 },
  /** The metric the user picked in #dist-metric (kept across runs while it exists). */
  distMetric: null,
  distCell: 0,
};
