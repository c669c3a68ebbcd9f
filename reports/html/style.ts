/**
 * The report page's stylesheet, inlined so the page works offline from one file. Readable on a laptop and a phone:
 * one column that widens to two on large screens, pictures that scale with the page (and scroll sideways rather
 * than shrink past legibility), tables that scroll inside their box.
 */
export const reportCss = `
:root { color-scheme: light; --ink: #111827; --muted: #4b5563; --line: #e5e7eb; --paper: #ffffff; --wash: #f8fafc;
  --accent: #2563eb; --bad: #dc2626; --bad-wash: #fef2f2; --good: #15803d; --warn: #b45309; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--wash); color: var(--ink); font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
a { color: var(--accent); }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.86em; }
main { max-width: 1120px; margin: 0 auto; padding: 0 16px 48px; }
header.top { padding: 36px 0 12px; }
header.top h1 { font-size: clamp(1.6rem, 4vw, 2.3rem); line-height: 1.2; margin: 0 0 10px; letter-spacing: -0.01em; }
header.top p.lead { font-size: 1.08rem; color: var(--muted); margin: 0 0 12px; max-width: 62ch; }
.meta { display: flex; flex-wrap: wrap; gap: 8px; margin: 0; padding: 0; list-style: none; }
.meta li { background: var(--paper); border: 1px solid var(--line); border-radius: 999px; padding: 2px 12px; font-size: 0.88rem; color: var(--muted); }
.meta li strong { color: var(--ink); }
nav.index { display: grid; grid-template-columns: repeat(auto-fill, minmax(250px, 1fr)); gap: 12px; margin: 18px 0 8px; }
nav.index a { display: block; background: var(--paper); border: 1px solid var(--line); border-left: 4px solid var(--bad); border-radius: 10px; padding: 10px 14px; color: var(--ink); text-decoration: none; }
nav.index a:hover, nav.index a:focus { border-color: var(--accent); border-left-color: var(--accent); }
nav.index a.not-found { border-left-color: var(--warn); }
.card-head { display: flex; justify-content: space-between; gap: 8px; font-size: 0.8rem; color: var(--muted); }
.card-head b { color: var(--ink); }
.card-belief { display: block; margin-top: 4px; font-size: 0.95rem; }
h2.system { font-size: 1.05rem; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); margin: 40px 0 10px; }
section.hazard { background: var(--paper); border: 1px solid var(--line); border-radius: 14px; padding: 20px clamp(14px, 3vw, 28px); margin: 14px 0 22px; }
.eyebrow { margin: 0; font-size: 0.85rem; color: var(--muted); display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
.pill { border-radius: 999px; padding: 1px 10px; font-size: 0.78rem; border: 1px solid var(--line); background: var(--wash); }
.pill.id { background: var(--ink); color: #fff; border-color: var(--ink); font-weight: 600; }
.pill.found { background: var(--bad-wash); color: var(--bad); border-color: #fecaca; }
.pill.not-found, .pill.error { background: #fffbeb; color: var(--warn); border-color: #fde68a; }
h3.belief { font-size: clamp(1.2rem, 2.6vw, 1.5rem); line-height: 1.3; margin: 8px 0 8px; }
h3.belief::before { content: "Belief: "; color: var(--muted); font-weight: 500; }
p.why { margin: 0 0 14px; }
/* Prose may hold a long Java method name or a target's JSON answer with no space to break at: break it anywhere
   rather than widen the page on a phone. */
section.hazard h3, section.hazard p { overflow-wrap: anywhere; }
p.why strong { color: var(--bad); }
.columns { display: grid; grid-template-columns: minmax(0, 1fr); gap: 18px; align-items: start; }
.columns > * { min-width: 0; }
@media (min-width: 960px) { .columns { grid-template-columns: minmax(0, 5fr) minmax(0, 7fr); } .columns.wide { grid-template-columns: minmax(0, 1fr); } }
h4 { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); margin: 6px 0 8px; }
ol.steps { margin: 0; padding-left: 2.2em; }
ol.steps li { margin: 3px 0; padding: 2px 6px; border-radius: 6px; }
ol.steps li .outcome { color: var(--muted); font-size: 0.9em; word-break: break-word; }
ol.steps li.violates { background: var(--bad-wash); outline: 1px solid #fecaca; }
ol.steps li.violates::after { content: " ← violates"; color: var(--bad); font-weight: 600; font-size: 0.85em; }
details { margin: 8px 0; }
details summary { cursor: pointer; color: var(--muted); font-size: 0.9rem; }
pre { background: var(--wash); border: 1px solid var(--line); border-radius: 8px; padding: 10px; overflow-x: auto; margin: 6px 0; }
figure { margin: 0; }
.picture { overflow-x: auto; border: 1px solid var(--line); border-radius: 10px; background: #fff; padding: 6px; }
.picture + .picture { margin-top: 10px; }
svg.chart { display: block; width: 100%; height: auto; margin: 0 auto; }
svg.lanes { min-width: 560px; }
svg text { font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; }
svg .grid { stroke: #e5e7eb; stroke-width: 1; }
svg .tick { fill: #6b7280; font-size: 11px; }
svg .value { fill: #111827; font-size: 11px; font-weight: 700; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
svg .axis { fill: #6b7280; font-size: 11px; font-style: italic; }
svg .violating { fill: #fee2e2; }
svg .violating-label { fill: #b91c1c; font-size: 11px; font-weight: 700; }
svg .lane-title { fill: #f1f5f9; }
svg .lane-title-text { fill: #111827; font-size: 12px; font-weight: 700; }
svg .row-label { fill: #374151; font-size: 11px; }
svg .bar { stroke: rgba(17, 24, 39, 0.18); stroke-width: 1; }
svg .bar-label { font-size: 11px; font-weight: 600; }
svg .marker { stroke: #111827; stroke-width: 1; }
svg .step-box { fill: #f8fafc; stroke: #cbd5e1; stroke-width: 1.5; }
svg .step-box.violates { fill: #fef2f2; stroke: #dc2626; stroke-width: 2.5; }
svg .step-index { fill: #6b7280; font-size: 11px; font-weight: 700; }
svg .step-type { fill: #111827; font-size: 13px; font-weight: 700; }
svg .step-outcome { fill: #4b5563; font-size: 11px; }
svg .arrow { stroke: #94a3b8; stroke-width: 1.5; fill: none; }
figcaption { font-size: 0.85rem; color: var(--muted); margin-top: 6px; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 14px; list-style: none; padding: 0; margin: 6px 0 0; font-size: 0.85rem; color: var(--muted); }
.legend li { display: inline-flex; align-items: center; gap: 6px; }
.swatch { display: inline-block; width: 26px; height: 0; border-top-width: 3px; border-top-style: solid; }
.swatch.box { width: 14px; height: 12px; border: 1px solid rgba(17, 24, 39, 0.2); border-radius: 3px; }
.what { margin-top: 16px; border-left: 4px solid var(--bad); padding: 4px 0 4px 14px; }
.what p { margin: 4px 0; }
.what .message { font-weight: 600; }
p.source { font-size: 0.86rem; color: var(--muted); margin: 14px 0 0; word-break: break-word; }
.scroll { overflow-x: auto; border: 1px solid var(--line); border-radius: 10px; background: var(--paper); }
table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--wash); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.status-held, td.status-found { color: var(--good); }
td.status-violated, td.status-not-found, td.status-error { color: var(--bad); font-weight: 600; }
.share { display: inline-block; height: 8px; background: var(--accent); border-radius: 4px; vertical-align: middle; opacity: 0.75; }
.coverage details { background: var(--paper); border: 1px solid var(--line); border-radius: 10px; padding: 6px 12px; margin: 6px 0; }
.coverage details[open] { padding-bottom: 10px; }
footer { color: var(--muted); font-size: 0.85rem; margin-top: 40px; }
@media (max-width: 600px) { body { font-size: 15px; } section.hazard { border-radius: 10px; } th, td { padding: 5px 7px; } }
@media print { body { background: #fff; } section.hazard { break-inside: avoid; } }
`;
