// The live page's own script (served by the page; nothing from elsewhere): follows the hub's
// snapshots by server-sent events, counts the clocks down between them, says "not updated
// since ..." when the stream or the hub is away, and finds a seat by name.
"use strict";
(function () {
  const body = document.body;
  const main = document.getElementById("main");
  const stale = document.getElementById("stale");
  const freshness = document.getElementById("freshness");
  let serial = Number(body.dataset.serial || 0);
  let lastHeard = Date.now();
  let readAt = body.dataset.readAt || "";
  // The server's clock less this phone's: the clocks count down from the hub's reading, as the
  // server's clock has it, whatever the phone's clock says.
  let skew = (Date.parse(body.dataset.sentAt) - Date.now()) || 0;
  let streamUp = true;
  let hubUp = true;

  function clockText(ms) {
    const s = Math.max(0, Math.floor(ms / 1000));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }
  function localTime(iso) {
    const d = new Date(iso);
    return isNaN(d) ? iso : d.toLocaleTimeString([], {hour: "2-digit", minute: "2-digit", second: "2-digit"});
  }
  function localise(root) {
    root.querySelectorAll("time[datetime]").forEach(function (t) {
      const iso = t.getAttribute("datetime");
      if (iso && iso.indexOf("T") > 0) { t.textContent = localTime(iso); }
    });
  }
  function tick() {
    const elapsed = Math.max(0, Date.now() + skew - (Date.parse(readAt) || Date.now() + skew));
    main.querySelectorAll(".countdown").forEach(function (c) {
      const left = Number(c.dataset.leftMs);
      c.textContent = clockText(c.dataset.running === "1" ? left - elapsed : left);
    });
    showStale();
  }
  function showStale() {
    const away = !streamUp || !hubUp;
    if (!away) { stale.hidden = true; return; }
    const since = localTime(readAt);
    stale.textContent = (hubUp ? "Not updated since " + since + ": the live page's server is out of reach; it will catch up by itself."
                               : "Not updated since " + since + ": the hub is not answering; the page will catch up by itself.");
    stale.hidden = false;
  }

  // Open <details> stay open when a new snapshot replaces the page's part.
  function openIds() {
    return Array.from(main.querySelectorAll("details[id]")).map(function (d) { return [d.id, d.open]; });
  }
  function replace(html) {
    const opened = openIds();
    main.innerHTML = html;
    opened.forEach(function (pair) {
      const d = document.getElementById(pair[0]);
      if (d) { d.open = pair[1]; }
    });
    localise(main);
    tick();
    find();
  }
  function status(data) {
    hubUp = data.hub_answers;
    if (data.sent_at) { skew = (Date.parse(data.sent_at) - Date.now()) || 0; }
    if (data.read_at) {
      readAt = data.read_at;
      const t = freshness.querySelector("time");
      if (t) { t.setAttribute("datetime", readAt); t.textContent = localTime(readAt); }
    }
  }

  if (window.EventSource && body.dataset.events) {
    const source = new EventSource(body.dataset.events);
    source.addEventListener("page", function (e) {
      const data = JSON.parse(e.data);
      streamUp = true; lastHeard = Date.now();
      status(data);
      if (data.serial !== serial) { serial = data.serial; replace(data.html); }
      body.dataset.serial = String(serial);
      showStale();
    });
    source.addEventListener("status", function (e) {
      streamUp = true; lastHeard = Date.now();
      status(JSON.parse(e.data));
      showStale();
    });
    source.addEventListener("open", function () { streamUp = true; lastHeard = Date.now(); showStale(); });
    source.addEventListener("error", function () { streamUp = false; showStale(); });
    // A stream silent past two heartbeats is taken as dropped (a sleeping phone, a proxy).
    setInterval(function () {
      if (Date.now() - lastHeard > 40000) { streamUp = false; showStale(); }
    }, 5000);
    source.onmessage = function () { lastHeard = Date.now(); };
  }

  // Find your seat: accents, case and width ignored, in every script.
  const SPECIAL = {"ø": "o", "đ": "d", "ð": "d", "ł": "l", "ħ": "h", "ı": "i", "ß": "ss",
                   "æ": "ae", "œ": "oe", "þ": "th", "ŋ": "n", "ŧ": "t"};
  function plain(text) {
    return text.normalize("NFKD").replace(/\p{Mn}/gu, "").toLocaleLowerCase()
      .replace(/[øđðłħıßæœþŋŧ]/g, function (c) { return SPECIAL[c]; })
      .replace(/\s+/g, " ").trim();
  }
  const input = document.getElementById("find");
  const found = document.getElementById("found");
  const count = document.getElementById("find-count");
  function find() {
    if (!input) { return; }
    const wanted = plain(input.value);
    const seats = Array.from(main.querySelectorAll(".seat[data-find]"));
    seats.forEach(function (s) { s.classList.remove("hit"); });
    found.replaceChildren();
    if (!wanted) { count.textContent = ""; return; }
    const hits = seats.filter(function (s) { return plain(s.dataset.find).indexOf(wanted) >= 0; });
    hits.forEach(function (s) {
      s.classList.add("hit");
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = s.dataset.href;
      const name = document.createElement("bdi");
      name.textContent = s.dataset.name;
      a.append(name, document.createTextNode(" — " + s.dataset.where));
      li.append(a);
      found.append(li);
    });
    count.textContent = hits.length === 0 ? "No seat found for that name."
      : hits.length === 1 ? "1 seat found." : hits.length + " seats found.";
  }
  if (input) { input.addEventListener("input", find); }

  localise(document);
  tick();
  setInterval(tick, 1000);
})();
