// The Mini App's page: one seat's board and hand, live; a tap is a button press.
// Identity is Telegram's signed initData, checked by the server; nothing here is trusted.
"use strict";

(function () {
  // Telegram's script loads beside this one (async: a page framed without Telegram, as the
  // playground does, reads its launch parameters from the address alone)
  let tg = (window.Telegram && window.Telegram.WebApp) || null;
  const launch = new URLSearchParams(location.hash.slice(1));
  const query = new URLSearchParams(location.search);
  const $ = (id) => document.getElementById(id);
  let token = "", chat = null, words = {}, stream = null, shown = "", table = null;

  function initData() {
    if (tg && tg.initData) return tg.initData;
    return launch.get("tgWebAppData") || ""; // opened in a frame as Telegram Web does
  }

  function theme() {
    if (tg && tg.themeParams && Object.keys(tg.themeParams).length) return; // its script sets the variables
    let params = {};
    try { params = JSON.parse(launch.get("tgWebAppThemeParams") || "{}"); } catch (e) { params = {}; }
    for (const [k, v] of Object.entries(params)) {
      if (/^[a-z_]+$/.test(k) && /^#[0-9a-fA-F]{3,8}$/.test(String(v))) {
        document.documentElement.style.setProperty("--tg-theme-" + k.replace(/_/g, "-"), v);
      }
    }
  }

  function status(text) {
    const box = $("status");
    box.textContent = text || "";
    box.hidden = !text;
  }

  let toastTimer = 0;
  function toast(text, alert) {
    if (!text) return;
    if (alert && tg && tg.showAlert) { try { tg.showAlert(text); return; } catch (e) { /* not in Telegram */ } }
    const box = $("toast");
    box.textContent = text;
    box.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { box.hidden = true; }, alert ? 5000 : 2500);
  }

  function haptic(ok) {
    const h = tg && tg.HapticFeedback;
    if (!h) return;
    try { ok ? h.impactOccurred("light") : h.notificationOccurred("error"); } catch (e) { /* older clients */ }
  }

  // --- the server -------------------------------------------------------------------------

  async function signIn() {
    const r = await fetch("api/session", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ initData: initData() }),
    });
    const body = await r.json();
    if (!r.ok) throw new Error(body.error || String(r.status));
    token = body.token;
    words = body.words || {};
    document.documentElement.lang = body.lang || "en";
    chat = query.get("chat") ? Number(query.get("chat")) : body.chat;
  }

  async function api(path, payload) {
    for (let attempt = 0; attempt < 2; attempt++) {
      const r = await fetch(path, {
        method: payload ? "POST" : "GET",
        headers: { "Authorization": "Bearer " + token, "Content-Type": "application/json" },
        body: payload ? JSON.stringify(payload) : undefined,
      });
      if (r.status === 401 && attempt === 0) { await signIn(); continue; } // the session lapsed
      const body = await r.json().catch(() => ({}));
      return { ok: r.ok, body: body };
    }
    return { ok: false, body: {} };
  }

  let pressing = false;
  async function press(data, board) {
    if (pressing) return; // one tap at a time; the next one sees the new table
    pressing = true;
    try {
      const r = await api("api/press", { chat: chat, data: data, board: board });
      haptic(r.ok && !r.body.alert);
      toast(r.ok ? r.body.text : r.body.error, r.body.alert);
    } catch (e) {
      toast(words["miniapp-offline"], false);
    } finally {
      pressing = false;
    }
  }

  // --- live -------------------------------------------------------------------------------

  function follow() {
    if (stream) stream.close();
    const url = "api/live?chat=" + encodeURIComponent(chat) + "&token=" + encodeURIComponent(token);
    stream = new EventSource(url);
    stream.addEventListener("table", (e) => {
      status("");
      const doc = JSON.parse(e.data);
      draw(doc);
      if (doc.over) { stream.close(); stream = null; } // the game is over: nothing more will change
    });
    stream.addEventListener("gone", (e) => { stream.close(); stream = null; status(JSON.parse(e.data).error); });
    stream.onerror = () => {
      if (stream && stream.readyState === EventSource.CLOSED) { stream = null; resync(); return; }
      status(words["miniapp-offline"]);
    };
  }

  let resyncing = false;
  async function resync() { // after the WebView slept or the stream was refused: sign in again, follow
    if (resyncing) return;
    resyncing = true;
    try {
      await signIn();
      if (chat === null || chat === undefined) { status(words["miniapp-no-table"]); return; }
      const r = await api("api/table?chat=" + encodeURIComponent(chat));
      if (!r.ok) { status(r.body.error); return; }
      draw(r.body);
      if (!r.body.over) follow();
    } catch (e) {
      status(String(e.message || e));
      setTimeout(resync, 3000);
    } finally {
      resyncing = false;
    }
  }

  // --- drawing ----------------------------------------------------------------------------

  const SCALE = 1.15; // CSS pixels a unit of a piece's viewBox (a hand card: about 90 px)
  const ALLOWED = new Set(["B", "STRONG", "I", "EM", "U", "INS", "S", "STRIKE", "DEL", "CODE", "PRE", "A",
    "BLOCKQUOTE", "TG-SPOILER", "SPAN", "BR"]);

  function clean(from, into) { // Telegram's HTML, rebuilt tag by allowed tag (never innerHTML)
    for (const node of Array.from(from.childNodes)) {
      if (node.nodeType === Node.TEXT_NODE) { into.appendChild(document.createTextNode(node.nodeValue)); continue; }
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
      if (!ALLOWED.has(node.tagName)) { clean(node, into); continue; }
      const el = document.createElement(node.tagName === "TG-SPOILER" ? "span" : node.tagName.toLowerCase());
      const href = node.getAttribute("href") || "";
      if (node.tagName === "A" && /^(https?:|tg:)/.test(href)) { el.href = href; el.target = "_blank"; el.rel = "noopener"; }
      clean(node, el);
      into.appendChild(el);
    }
  }

  function text(box, html) {
    box.replaceChildren();
    clean(new DOMParser().parseFromString("<div>" + html + "</div>", "text/html").body.firstChild, box);
  }

  function keys(box, rows, board) {
    box.replaceChildren();
    for (const row of rows) {
      const line = document.createElement("div");
      line.className = "row";
      for (const b of row) {
        let key;
        if (b.url) {
          key = document.createElement("a");
          key.href = b.url; key.target = "_blank"; key.rel = "noopener";
          if (/^https:\/\/t\.me\//.test(b.url) && tg && tg.openTelegramLink) {
            key.addEventListener("click", (e) => { e.preventDefault(); tg.openTelegramLink(b.url); });
          }
        } else {
          key = document.createElement("button");
          key.type = "button";
          key.dataset.press = b.data;
          if (b.disabled) key.disabled = true; // an action not allowed now: greyed, as in the chat
          else key.addEventListener("click", () => press(b.data, board));
        }
        key.textContent = b.text;
        line.appendChild(key);
      }
      box.appendChild(line);
    }
  }

  function pieces(box, list, board) {
    box.replaceChildren();
    for (const p of list) {
      const holder = document.createElement("div");
      holder.className = "piece" + (p.taps.length ? " tappable" : "");
      holder.dataset.key = p.key;
      holder.setAttribute("role", "img");
      holder.setAttribute("aria-label", p.label);
      const svg = new DOMParser().parseFromString(p.svg, "image/svg+xml").documentElement;
      if (svg.nodeName.toLowerCase() !== "svg") continue;
      const box4 = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
      const drawn = document.importNode(svg, true);
      const sized = !box.classList.contains("hand-row"); // the hand's grid sizes its cards
      if (sized && box4.length === 4 && box4[2] > 0) drawn.style.width = SCALE * box4[2] + "px"; // as drawn, never wider than the screen
      holder.appendChild(drawn);
      if (p.big) { // a tap opens the card large, its plays under it
        holder.classList.add("opens");
        holder.addEventListener("click", () => open(p, board));
        box.appendChild(holder);
        continue;
      }
      holder.addEventListener("click", (e) => {
        const hit = e.target.closest("[data-tap]");
        if (!hit || !holder.contains(hit)) return;
        const choices = p.taps[Number(hit.getAttribute("data-tap"))];
        if (!choices || !choices.length) return;
        if (choices.length === 1) press(choices[0].data, board); else choose(choices, board);
      });
      box.appendChild(holder);
    }
  }

  function open(p, board) {
    const sheet = $("card"), large = sheet.querySelector(".large"), list = sheet.querySelector(".choices");
    const svg = new DOMParser().parseFromString(p.big, "image/svg+xml").documentElement;
    large.replaceChildren();
    if (svg.nodeName.toLowerCase() === "svg") large.appendChild(document.importNode(svg, true));
    large.setAttribute("role", "img");
    large.setAttribute("aria-label", p.label);
    list.replaceChildren();
    for (const c of p.taps.flat()) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = c.label;
      b.dataset.press = c.data;
      b.addEventListener("click", () => { sheet.hidden = true; press(c.data, board); });
      list.appendChild(b);
    }
    const back = sheet.querySelector(".cancel");
    back.textContent = words["button-back"] || "×";
    back.onclick = () => { sheet.hidden = true; };
    sheet.onclick = (e) => { if (e.target === sheet) sheet.hidden = true; }; // a tap beside it closes it
    sheet.dataset.key = p.key;
    sheet.hidden = false;
  }

  function choose(choices, board) {
    const sheet = $("sheet"), list = sheet.querySelector(".choices");
    list.replaceChildren();
    for (const c of choices) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = c.label;
      b.addEventListener("click", () => { sheet.hidden = true; press(c.data, board); });
      list.appendChild(b);
    }
    const cancel = sheet.querySelector(".cancel");
    cancel.textContent = words["miniapp-cancel"] || "×";
    cancel.onclick = () => { sheet.hidden = true; };
    sheet.hidden = false;
  }

  function draw(doc) {
    table = doc;
    if (doc.version === shown) return;
    shown = doc.version;
    $("title").textContent = doc.title;
    // a hand's button that a card's tap already offers is not shown twice
    const offered = new Set(doc.pieces.flatMap((p) => p.taps.flat().map((c) => c.data)));
    for (const [id, part, board, row] of [["board", doc.board, true, "table"], ["hand", doc.hand, false, "hand"]]) {
      const zone = $(id);
      text(zone.querySelector(".text"), part.html);
      // the cards as the player sees them (their taps are their hand's presses)
      pieces(zone.querySelector(".pieces"), doc.pieces.filter((p) => p.row === row), false);
      const rows = board ? part.rows : part.rows.map((r) => r.filter((b) => !offered.has(b.data))).filter((r) => r.length);
      keys(zone.querySelector(".keys"), rows, board);
    }
    const opened = $("card");
    if (!opened.hidden) { // a card open large shows its plays of this table, or closes when it left the hand
      const same = doc.pieces.find((p) => p.big && p.key === opened.dataset.key);
      if (same) open(same, false); else opened.hidden = true;
    }
    $("table").hidden = false;
    document.body.dataset.version = doc.version; // what a test waits on
  }

  // --- start ------------------------------------------------------------------------------

  function hook() {
    tg = (window.Telegram && window.Telegram.WebApp) || null;
    if (!tg) return;
    try { tg.ready(); tg.expand(); } catch (e) { /* outside Telegram */ }
    try { tg.onEvent("activated", resync); } catch (e) { /* older clients */ }
  }

  theme();
  if (tg) hook(); else $("telegram").addEventListener("load", hook);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) resync(); });
  resync();
})();
