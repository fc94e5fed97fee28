// The teacher's live page: the class's summary arrives as server-sent events (/live/CODE/events) and is drawn
// here; nothing is fetched from another site. furlib/classroom/live.py serves it.
"use strict";
(function () {
  const code = decodeURIComponent(location.pathname.split("/")[2] || "");
  const base = "/live/" + encodeURIComponent(code);
  const $ = (id) => document.getElementById(id);
  const svgNS = "http://www.w3.org/2000/svg";
  let last = null;

  function pct(x) { return (100 * x).toFixed(1) + "%"; }
  function plural(n, word, many) { return n.toLocaleString("en") + " " + (n === 1 ? word : (many || word + "s")); }
  function say(text) { $("status").textContent = text; }

  function el(name, attrs, text) {
    const node = document.createElementNS(svgNS, name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // The strip: 0% to 100% across; each student a dot (at their own share), the pooled share a line in its
  // 95% interval's band, the exact value a dashed line.
  function drawStrip(d) {
    const svg = $("strip");
    const w = svg.clientWidth || 320, h = svg.clientHeight || 120;
    const font = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const pad = Math.max(14, font * 0.9), top = 8, axisY = h - font * 1.4;
    const x = (p) => pad + p * (w - 2 * pad);
    svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    svg.replaceChildren();
    const pool = d.pooled;
    if (pool.share !== null) {
      svg.append(el("rect", {class: "band", x: x(pool.low), y: top, width: Math.max(2, x(pool.high) - x(pool.low)),
                             height: axisY - top}));
    }
    if (d.exact_value !== null) {
      svg.append(el("line", {class: "exact-line", x1: x(d.exact_value), x2: x(d.exact_value), y1: top, y2: axisY}));
    }
    // a dot plot: the dots of students with (nearly) the same share stack up from the axis
    const dots = d.dots || [];
    const r = Math.max(4, Math.min(font * 0.45, (axisY - top) / 6));
    const high = Math.max(1, Math.floor((axisY - top) / (2 * r)));
    const stacks = new Map();
    dots.forEach((s) => {
      if (s.tries === 0) return;
      const cx = x(s.successes / s.tries), bin = Math.round(cx / (2 * r));
      const k = stacks.get(bin) || 0;
      stacks.set(bin, k + 1);
      const dot = el("circle", {class: "dot", cx: cx, cy: axisY - r - 2 * r * (k % high), r: r});
      dot.append(el("title", {}, `${s.nickname}: ${s.successes} of ${s.tries}`));
      svg.append(dot);
    });
    if (pool.share !== null) {
      svg.append(el("line", {class: "pooled", x1: x(pool.share), x2: x(pool.share), y1: top, y2: axisY}));
    }
    svg.append(el("line", {class: "axis", x1: pad, x2: w - pad, y1: axisY, y2: axisY}));
    for (const p of [0, 0.25, 0.5, 0.75, 1]) {
      const anchor = p === 0 ? "start" : p === 1 ? "end" : "middle";
      svg.append(el("text", {class: "tick", x: x(p), y: h - 4, "text-anchor": anchor}, `${100 * p}%`));
    }
  }

  function drawSeats(d) {
    const table = $("seats");
    table.hidden = d.game === "count";
    if (table.hidden) return;
    const body = table.querySelector("tbody");
    body.replaceChildren();
    d.seats.forEach((s, i) => {
      const row = document.createElement("tr");
      const cells = [`Seat ${i + 1}`, `${s.hits} of ${s.tries}`, s.share === null ? "–" : pct(s.share),
                     s.share === null ? "–" : `${pct(s.low)} to ${pct(s.high)}`];
      for (const c of cells) { const td = document.createElement("td"); td.textContent = c; row.append(td); }
      body.append(row);
    });
  }

  function render(d) {
    last = d;
    document.title = `${d.code}: ${d.title || d.game_title}`;
    $("title").textContent = d.title || d.game_title;
    $("code").textContent = d.code;
    const until = new Date(d.expires * 1000).toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
    const state = $("state");
    state.textContent = d.state === "open" ? `open until ${until}` : d.state;
    state.className = "state " + d.state;
    const pool = d.pooled, counts = d.game === "count";
    if (pool.share === null) {
      $("share").textContent = "–";
      $("what").textContent = counts ? "Waiting for the first count…" : "Waiting for the first game…";
      $("interval").textContent = "";
    } else {
      $("share").textContent = pct(pool.share);
      $("what").textContent = counts ? `of ${plural(pool.tries, "roll")} pooled are successes (${pool.hits})`
        : `of ${plural(pool.tries, "game")} won by the first seat (${pool.hits})`;
      $("interval").textContent = `95% interval (Wilson): ${pct(pool.low)} to ${pct(pool.high)}`;
    }
    const exact = $("exact");
    exact.replaceChildren();
    if (d.exact_value !== null) {
      exact.append(`Exact: ${d.exact} = `);
      const b = document.createElement("b");
      b.textContent = pct(d.exact_value);
      exact.append(b);
      if (pool.share !== null) {
        const inside = pool.low <= d.exact_value && d.exact_value <= pool.high;
        exact.append(inside ? " (inside the interval)" : " (outside the interval)");
      }
    }
    const what = counts ? plural(d.sent, "count") : plural(d.sent, "game");
    const from = plural(d.dots ? d.dots.length : 0, "student");
    $("count").textContent = `${what} from ${from} (${d.joined} joined)`;
    document.body.dataset.sent = String(d.sent);
    drawStrip(d);
    drawSeats(d);
    $("close").disabled = d.state !== "open";
    document.querySelector(".exact-key").hidden = d.exact_value === null;
    $("exact-label").hidden = d.exact_value === null;
  }

  function connect() {
    const source = new EventSource(base + "/events");
    source.onmessage = (e) => { say(""); render(JSON.parse(e.data)); };
    source.addEventListener("gone", () => { source.close(); say("This class was deleted."); });
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) {
        $("state").textContent = "signed out";
        $("state").className = "state lost";
        say("The page lost its connection. Open a new link from Python: Teacher.dashboard_url(code).");
      } else {
        say("Connection lost: trying again…");
      }
    };
  }

  const close = $("close");
  close.addEventListener("click", async () => {
    if (!close.classList.contains("confirm")) {        // two clicks: no dialog to hide behind a projector
      close.classList.add("confirm");
      close.textContent = `Click again to close class ${code}`;
      setTimeout(() => { close.classList.remove("confirm"); close.textContent = "Close the class"; }, 5000);
      return;
    }
    close.disabled = true;
    const answer = await fetch(base + "/close", {method: "POST", headers: {"X-Furlib": "live"}});
    close.classList.remove("confirm");
    close.textContent = "Close the class";
    say(answer.ok ? `Class ${code} is closed: nothing more can be sent to it.` : "The class could not be closed.");
  });
  $("csv").href = base + "/results.csv";
  $("csv").setAttribute("download", `class-${code}.csv`);
  window.addEventListener("resize", () => { if (last) drawStrip(last); });
  connect();
})();
