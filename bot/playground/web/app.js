// The playground's page: the group chat and each person's private chat with the bot.
// Plain JavaScript, no build step.  What the bot shows arrives as server-sent events
// (/api/events); what a person does goes to /api/say and /api/press, which turn it into
// the updates Telegram would send.  The bot's HTML is rebuilt from Telegram's allowed
// tags only: nothing the bot (or a person) writes is ever put in the page as markup.
"use strict";

const pg = (window.playground = { version: 0, ready: false, polling: false });
let words = {};
let state = null; // {bot, group, people, chats, commands}
let me = null; // the person who acts in the group
let active = null; // the chat shown on a narrow screen
const columns = new Map(); // chat id -> {el, log, toast, ...}
const unread = new Set(); // chats with news not seen on a narrow screen

// --- words ---------------------------------------------------------------------------

function lang() {
  const person = state && state.people.find((p) => p.id === me);
  return person && words[person.lang] ? person.lang : "en";
}

function t(key, vars) {
  const table = words[lang()] || words.en || {};
  let s = table[key] !== undefined ? table[key] : key;
  for (const [k, v] of Object.entries(vars || {})) s = s.split("{" + k + "}").join(String(v));
  return s;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// --- the bot's HTML, sanitised ---------------------------------------------------------

const TAGS = {
  B: "b", STRONG: "b", I: "i", EM: "i", U: "u", INS: "u", S: "s", STRIKE: "s", DEL: "s",
  CODE: "code", PRE: "pre", A: "a", "TG-SPOILER": "span", SPAN: "span", BLOCKQUOTE: "blockquote",
};

function rebuild(source, target) {
  for (const node of source.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) {
      target.append(document.createTextNode(node.data));
    } else if (node.nodeType === Node.ELEMENT_NODE) {
      const tag = TAGS[node.tagName];
      if (!tag) {
        rebuild(node, target); // an unknown tag: its text only
        continue;
      }
      const e = document.createElement(tag);
      if (tag === "a") {
        const href = node.getAttribute("href") || "";
        if (/^(https?:|tg:)/i.test(href)) {
          e.href = href;
          e.rel = "noopener noreferrer";
          e.target = "_blank";
        }
      }
      if (node.tagName === "TG-SPOILER" || (node.tagName === "SPAN" && node.classList.contains("tg-spoiler"))) {
        e.className = "spoiler";
        e.addEventListener("click", () => e.classList.add("shown"));
      }
      rebuild(node, e);
      target.append(e);
    }
  }
}

function rich(text, html) {
  const out = el("div", "text");
  if (!html) {
    out.textContent = text;
    return out;
  }
  const doc = new DOMParser().parseFromString("<body>" + text + "</body>", "text/html");
  rebuild(doc.body, out);
  return out;
}

// --- talking to the server ---------------------------------------------------------------

async function post(path, body) {
  const r = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(await refusal(r));
  return r.json();
}

// Why the server refused a request: its JSON's "error" (or the text it sent, whatever it is).
async function refusal(r) {
  const text = await r.text();
  try {
    return JSON.parse(text).error || text;
  } catch (e) {
    return text;
  }
}

function say(user, chat, text) {
  return post("/api/say", { user, chat, text }).catch((e) => toast(chat, t("refused", { reason: e.message })));
}

// A t.me link to the bot: the person opens their private chat, which sends /start <payload>.
function botLink(url) {
  try {
    const u = new URL(url);
    const host = u.hostname.replace(/^www\./, "");
    if ((host === "t.me" || host === "telegram.me") && u.pathname.replace(/\//g, "") === state.bot.username) {
      return { start: u.searchParams.get("start") };
    }
  } catch (e) {
    /* not a URL */
  }
  return null;
}

function openLink(url, person) {
  const link = botLink(url);
  if (!link) {
    window.open(url, "_blank", "noopener");
    return;
  }
  show(person);
  // with a payload Telegram sends /start <payload>; a bare link only opens the chat
  if (link.start) say(person, person, "/start " + link.start);
}

// A Mini App, opened as Telegram Web opens one: in a frame, its launch parameters (the
// person, signed with the playground's token, and the theme) in the address's fragment.
const THEME = {
  bg_color: "#ffffff", text_color: "#000000", hint_color: "#707579", link_color: "#3390ec",
  button_color: "#3390ec", button_text_color: "#ffffff", secondary_bg_color: "#f4f4f5",
};
async function openApp(url, person) {
  // the bot's own Mini App comes back as a path of this page's origin (the playground relays it)
  const { initData, url: here } = await post("/api/webapp", { user: person, url });
  const launch = new URLSearchParams({
    tgWebAppData: initData, tgWebAppVersion: "8.0", tgWebAppPlatform: "web",
    tgWebAppThemeParams: JSON.stringify(THEME),
  });
  const box = document.getElementById("miniapp");
  const frame = box.querySelector("iframe");
  frame.src = (here || url) + "#" + launch.toString();
  box.dataset.person = String(person);
  box.hidden = false;
}

function closeApp() {
  const box = document.getElementById("miniapp");
  box.querySelector("iframe").src = "about:blank"; // the page goes: its hand message catches up
  box.hidden = true;
}

async function press(chat, user, m, button, node) {
  node.classList.add("busy");
  pg.pressing = (pg.pressing || 0) + 1;
  try {
    // a message only this person sees is named by its ephemeral id (its message id is 0)
    const which = m.ephemeral ? { ephemeral: m.ephemeral } : { message: m.id };
    const answer = await post("/api/press", { user, chat, ...which, data: button.data });
    if (answer.url) openLink(answer.url, user);
    if (answer.timeout) toast(chat, t("noAnswer"));
    else if (answer.text && answer.show_alert) alertBox(answer.text);
    else if (answer.text) toast(chat, answer.text);
    pg.lastAnswer = answer;
  } catch (e) {
    toast(chat, t("refused", { reason: e.message }));
  } finally {
    node.classList.remove("busy");
    pg.pressing -= 1;
    pg.answers = (pg.answers || 0) + 1;
  }
}

// --- toasts and alerts -------------------------------------------------------------------

function toast(chat, text) {
  const col = columns.get(String(chat));
  if (!col) return;
  const box = el("div", "toast", text);
  col.toasts.append(box);
  setTimeout(() => box.classList.add("gone"), 2600);
  setTimeout(() => box.remove(), 3000);
}

function alertBox(text) {
  const a = document.getElementById("alert");
  a.querySelector(".text").textContent = text;
  a.hidden = false;
  a.querySelector(".ok").focus();
}

// --- chats ---------------------------------------------------------------------------

function chatIds() {
  return [String(state.group.id), ...state.people.map((p) => String(p.id))];
}

function ownerOf(chat) {
  return Number(chat) > 0 ? Number(chat) : me;
}

function column(chat) {
  let col = columns.get(chat);
  if (col) return col;
  const section = el("section", "chat");
  section.dataset.chat = chat;
  const head = el("header", "chat-head");
  const avatar = el("div", "avatar");
  const names = el("div", "names");
  const title = el("div", "title");
  const hint = el("div", "hint");
  names.append(title, hint);
  head.append(avatar, names);
  const log = el("div", "log");
  const toasts = el("div", "toasts");
  const startbar = el("div", "startbar");
  const note = el("div", "note");
  const start = el("button", "start");
  start.type = "button";
  start.addEventListener("click", () => say(Number(chat), Number(chat), "/start"));
  startbar.append(note, start);
  const form = el("form", "composer");
  const input = el("input");
  input.name = "text";
  input.autocomplete = "off";
  input.setAttribute("list", "commands");
  const send = el("button", "send", "➤");
  send.type = "submit";
  form.append(input, send);
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    input.value = "";
    say(ownerOf(chat), Number(chat), text);
  });
  section.append(head, log, toasts, startbar, form);
  document.getElementById("chats").append(section);
  col = { section, title, hint, avatar, log, toasts, startbar, note, start, input, send, messages: new Map() };
  columns.set(chat, col);
  return col;
}

function initials(name) {
  return (name || "?").trim().slice(0, 1).toUpperCase();
}

function drawChats() {
  const ids = chatIds();
  for (const [chat, col] of columns) {
    if (!ids.includes(chat)) {
      col.section.remove();
      columns.delete(chat);
    }
  }
  const group = String(state.group.id);
  const box = document.getElementById("chats");
  ids.forEach((chat, i) => {
    const col = column(chat);
    // in order; moved only when out of it (a moved section's log loses its scroll)
    if (box.children[i] !== col.section) box.insertBefore(col.section, box.children[i] || null);
  });
  for (const chat of ids) {
    const col = columns.get(chat);
    if (chat === group) {
      col.section.classList.add("group");
      col.title.textContent = state.group.title;
      col.hint.textContent = t("groupChat");
      col.avatar.textContent = "👥";
      const person = state.people.find((p) => p.id === me);
      col.input.placeholder = t("message") + " · " + t("as", { name: person ? person.name : "?" });
      col.startbar.hidden = true;
      col.log.dataset.empty = t("emptyGroup");
    } else {
      const person = state.people.find((p) => String(p.id) === chat);
      col.section.classList.add("private");
      col.section.lang = person.lang;
      col.title.textContent = person.name;
      col.hint.textContent = t("private", { bot: state.bot.name }) + " · " + person.lang.toUpperCase();
      col.avatar.textContent = initials(person.name);
      col.input.placeholder = t("message");
      col.startbar.hidden = person.started;
      col.log.dataset.empty = t("emptyPrivate", { name: person.name });
      col.note.textContent = t("notStarted", { name: person.name });
      col.start.textContent = t("start");
    }
    col.section.classList.toggle("active", chat === active);
  }
}

function drawTabs() {
  const tabs = document.getElementById("tabs");
  tabs.replaceChildren();
  for (const chat of chatIds()) {
    const person = state.people.find((p) => String(p.id) === chat);
    const b = el("button", "tab", person ? person.name : t("tabGroup"));
    b.type = "button";
    b.dataset.chat = chat;
    b.classList.toggle("active", chat === active);
    b.classList.toggle("unread", unread.has(chat));
    b.addEventListener("click", () => show(Number(chat)));
    tabs.append(b);
  }
}

function show(chat) {
  active = String(chat);
  unread.delete(active);
  drawChats();
  drawTabs();
  const col = columns.get(active);
  if (col) {
    col.section.scrollIntoView({ behavior: "smooth", inline: "nearest", block: "nearest" });
    col.section.classList.add("flash");
    setTimeout(() => col.section.classList.remove("flash"), 800);
  }
}

function clock(seconds) {
  const d = new Date(seconds * 1000);
  return d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

// Where a message goes in its chat, and what names it: an ephemeral one (a message in the
// group only its receiver sees) comes after the message before it, and is named by its own id.
function keyOf(m) {
  return m.ephemeral ? "e" + m.ephemeral : m.id;
}

function placeOf(m) {
  return m.ephemeral ? m.after + 0.5 + m.ephemeral / 1e6 : m.id;
}

function bubble(chat, m) {
  const mine = m.from !== "bot" && (Number(chat) > 0 || m.from === me);
  const row = el("div", "msg " + (m.from === "bot" ? "bot" : mine ? "out" : "in"));
  row.dataset.id = m.id;
  row.dataset.place = placeOf(m);
  row.dataset.edits = m.edits || 0;
  const b = el("div", "bubble");
  if (m.ephemeral) {
    // shown to its receiver only, marked as Telegram marks it
    row.classList.add("ephemeral");
    row.dataset.ephemeral = m.ephemeral;
    row.dataset.receiver = m.receiver;
    row.hidden = m.receiver !== me;
    b.append(el("div", "only", t("onlyYou")));
  }
  if (Number(chat) < 0 && !mine) b.append(el("div", "author", m.from === "bot" ? state.bot.name : m.name));
  b.append(rich(m.text, m.html));
  const meta = el("div", "meta", (m.edits ? t("edited") + " " : "") + clock(m.date));
  b.append(meta);
  row.append(b);
  if (m.buttons && m.buttons.length) {
    const kb = el("div", "keyboard");
    for (const line of m.buttons) {
      const r = el("div", "row");
      for (const button of line) {
        const node = el("button", "key" + (button.url || button.web_app ? " link" : ""), button.text);
        node.type = "button";
        if (button.style) node.classList.add(button.style);
        if (button.disabled) {
          node.disabled = true; // greyed, does nothing (Bot API 10.3)
          node.classList.add("disabled");
        }
        if (button.web_app) {
          node.dataset.webApp = button.web_app;
          node.addEventListener("click", () => openApp(button.web_app, ownerOf(chat)));
        } else if (button.url) {
          node.dataset.url = button.url;
          node.title = t("link", { url: button.url });
          node.addEventListener("click", () => openLink(button.url, ownerOf(chat)));
        } else {
          node.dataset.callback = button.data;
          node.addEventListener("click", () => press(Number(chat), ownerOf(chat), m, button, node));
        }
        r.append(node);
      }
      kb.append(r);
    }
    row.append(kb);
  }
  row.addEventListener("click", (ev) => {
    const a = ev.target.closest("a[href]");
    if (a && botLink(a.href)) {
      ev.preventDefault();
      openLink(a.href, ownerOf(chat));
    }
  });
  return row;
}

function upsert(chat, m) {
  const col = columns.get(String(chat));
  if (!col) return;
  const key = keyOf(m);
  const old = col.messages.get(key);
  if (old && Number(old.dataset.edits) >= (m.edits || 0)) return; // seen, or older than what is shown
  const nearBottom = col.log.scrollHeight - col.log.scrollTop - col.log.clientHeight < 80;
  const node = bubble(chat, m);
  node.message = m;
  if (old) {
    old.replaceWith(node);
  } else {
    const after = [...col.log.children].find((c) => Number(c.dataset.place) > placeOf(m));
    col.log.insertBefore(node, after || null);
  }
  col.messages.set(key, node);
  if (!old || nearBottom) col.log.scrollTop = col.log.scrollHeight;
  if (String(chat) !== active && pg.ready && !node.hidden) {
    unread.add(String(chat));
    const tab = document.querySelector(`#tabs .tab[data-chat="${String(chat)}"]`);
    if (tab) tab.classList.add("unread");
  }
}

// --- people ----------------------------------------------------------------------------

function drawPeople() {
  const box = document.getElementById("people");
  box.replaceChildren();
  for (const p of state.people) {
    const chip = el("div", "person" + (p.id === me ? " me" : ""));
    chip.dataset.id = p.id;
    const name = el("button", "name", p.name);
    name.type = "button";
    name.title = t("me") + " " + p.name;
    name.addEventListener("click", () => become(p.id));
    const lng = el("button", "lang", p.lang.toUpperCase());
    lng.type = "button";
    lng.title = t("language");
    lng.addEventListener("click", () => {
      const langs = Object.keys(words);
      const next = langs[(langs.indexOf(p.lang) + 1) % langs.length];
      post("/api/people/" + p.id, { lang: next });
    });
    const ren = el("button", "rename", "✎");
    ren.type = "button";
    ren.title = t("rename");
    ren.addEventListener("click", () => {
      const name = window.prompt(t("renamePrompt", { name: p.name }), p.name);
      if (name && name.trim()) post("/api/people/" + p.id, { name: name.trim() });
    });
    chip.append(name, lng, ren);
    box.append(chip);
  }
  document.getElementById("add").textContent = t("add");
}

// Another person is "me": the group's messages are drawn again from their side.
// The group's log keeps its place: at the bottom it stays there, else the message at
// the top of its view stays where it was (the bubbles' heights change with the author).
function become(person) {
  me = person;
  const group = String(state.group.id);
  const place = logPlace(columns.get(group));
  redraw();
  const col = columns.get(group);
  for (const [id, node] of col.messages) {
    const fresh = bubble(group, node.message);
    fresh.message = node.message;
    node.replaceWith(fresh);
    col.messages.set(id, fresh);
  }
  keepPlace(col, place);
}

function logPlace(col) {
  if (!col) return null;
  const log = col.log;
  if (log.scrollHeight - log.scrollTop - log.clientHeight < 80) return { bottom: true };
  const top = log.getBoundingClientRect().top;
  for (const node of log.children) {
    const box = node.getBoundingClientRect();
    if (node.message && !node.hidden && box.bottom > top) {
      return { bottom: false, id: keyOf(node.message), offset: box.top - top };
    }
  }
  return { bottom: false, id: null, offset: 0 };
}

function keepPlace(col, place) {
  if (!col || !place) return;
  const log = col.log;
  const node = place.id === null ? null : col.messages.get(place.id);
  if (place.bottom || !node) {
    if (place.bottom) log.scrollTop = log.scrollHeight;
    return;
  }
  log.scrollTop += node.getBoundingClientRect().top - log.getBoundingClientRect().top - place.offset;
}

function drawCommands() {
  let list = document.getElementById("commands");
  if (!list) {
    list = el("datalist");
    list.id = "commands";
    document.body.append(list);
  }
  list.replaceChildren();
  const commands = (state.commands && (state.commands[lang()] || state.commands[""])) || [];
  for (const c of commands) {
    const o = el("option");
    o.value = "/" + c.command;
    o.label = c.description;
    list.append(o);
  }
}

function redraw() {
  document.documentElement.lang = lang();
  document.title = t("title");
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
  drawPeople();
  drawChats();
  drawTabs();
  drawCommands();
  banner();
}

function banner() {
  const b = document.getElementById("banner");
  const text = !pg.connected ? t("offline") : !pg.polling ? t("waiting") : "";
  b.textContent = text;
  b.hidden = !text;
}

// --- live ------------------------------------------------------------------------------

function apply(event) {
  if (event.type === "message") {
    upsert(event.chat, event.message);
  } else if (event.type === "deleted") {
    const col = columns.get(String(event.chat));
    const key = event.ephemeral ? "e" + event.ephemeral : event.id;
    const node = col && col.messages.get(key);
    if (node) {
      node.remove();
      col.messages.delete(key);
    }
  } else if (event.type === "people") {
    state.people = event.people;
    if (!state.people.some((p) => p.id === me)) me = state.people.length ? state.people[0].id : null;
    redraw();
  } else if (event.type === "polling") {
    pg.polling = true;
    banner();
  }
  pg.version += 1;
}

let resyncing = null;
let stale = false; // an event came while the state was on its way: ask again once it is here

async function resync() {
  if (resyncing) return resyncing;
  resyncing = (async () => {
    stale = false;
    const r = await fetch("/api/state");
    state = await r.json();
    if (!state.people.length) {
      const browser = (navigator.language || "en").slice(0, 2).toLowerCase();
      state = await post("/api/welcome", { lang: words[browser] ? browser : "en" });
    }
    pg.polling = state.polling;
    if (me === null || !state.people.some((p) => p.id === me)) me = state.people.length ? state.people[0].id : null;
    if (active === null) active = String(state.group.id);
    redraw();
    for (const [chat, messages] of Object.entries(state.chats)) for (const m of messages) upsert(chat, m);
    pg.ready = true;
    pg.version += 1;
  })();
  try {
    await resyncing;
  } finally {
    resyncing = null;
  }
  if (stale) resync();
}

function connect() {
  const events = new EventSource("/api/events");
  events.onopen = () => {
    pg.connected = true;
    resync();
  };
  events.onmessage = (e) => {
    const event = JSON.parse(e.data);
    if (event.type === "polling") pg.polling = true;
    if (resyncing || !state) stale = true; // the state asked for may not have it yet
    else apply(event);
  };
  events.onerror = () => {
    pg.connected = false;
    if (state) banner();
  };
}

async function main() {
  words = await (await fetch("/assets/i18n.json")).json();
  document.getElementById("add").addEventListener("click", () => {
    const person = state.people.find((p) => p.id === me);
    post("/api/people", { lang: person ? person.lang : lang() }).then((p) => become(p.id));
  });
  const a = document.getElementById("alert");
  a.querySelector(".ok").addEventListener("click", () => (a.hidden = true));
  document.querySelector("#miniapp .close").addEventListener("click", closeApp);
  connect();
}

main();
