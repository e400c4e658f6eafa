// The time control a create form chose (frontend/_time_control.html, the lobby's own select):
// its select's value is "live-<seconds per move>-<reserve seconds>" or
// "correspondence-<days per move>", and a correspondence table may pause at weekends.
export function timeControlFrom(f) {
  const [kind, x, y] = f.time_control.value.split("-");
  if (kind === "live") return { kind: "live", seconds_per_move: Number(x), reserve_seconds: Number(y) };
  const tc = { kind: "correspondence", days_per_move: Number(x) };
  if (f.weekend_pause && f.weekend_pause.checked) tc.weekend_pause = true;
  return tc;
}
