// boggle-assistant web page: one file, no build step, no network beyond this server.
// State lives in `S`; the server's answer to every board is the `solve --json` object.
"use strict";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const COLORS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"];

const S = {
  config: { games: [], max_upload_bytes: 25 * 1024 * 1024, live: false, min_len: 3 },
  out: null,          // the last outcome (solve --json object)
  source: null,       // {kind: "image", id, blob} | {kind: "text", text} | {kind: "live"}
  fixes: new Map(),   // "r,c" -> token (0-based key), for pictures
  userGame: "",       // "" = auto
  found: new Set(),
  selected: -1,       // index into S.out.words of the pinned word
  preview: -1,        // word under the mouse
  visible: [],        // indices of the words shown, in order
  editing: null,      // [r, c] of the tile in the editor
  focusTile: [0, 0],
  seq: 0,             // request counter: only the latest answer is shown
  homography: null,
};

// --------------------------------------------------------------------------- API

async function api(path, options) {
  let resp;
  try {
    resp = await fetch(path, options);
  } catch (err) {
    throw { kind: "network", message: "the server did not answer", hint: "is `boggle-assistant serve` still running?" };
  }
  let body = null;
  try { body = await resp.json(); } catch (e) { body = null; }
  if (!resp.ok) {
    const e = (body && body.error) || { kind: "http", message: `the server answered ${resp.status}` };
    e.status = resp.status;
    throw e;
  }
  return { body, headers: resp.headers };
}

function options() {
  const o = {};
  if (S.userGame) o.game = S.userGame;
  const n = parseInt($("min-len").value, 10);
  if (n >= 1 && n <= 16) o.min_len = n;
  if ($("size").value && S.source && S.source.kind === "image") o.size = $("size").value;
  return o;
}

function query(o) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(o)) {
    if (Array.isArray(v)) v.forEach((x) => q.append(k, x)); else q.set(k, v);
  }
  const s = q.toString();
  return s ? "?" + s : "";
}

function fixList() {
  return [...S.fixes].map(([key, token]) => {
    const [r, c] = key.split(",").map(Number);
    return `${r + 1},${c + 1}=${token}`;
  });
}

async function solveImage(blob) {
  if (blob.size > S.config.max_upload_bytes) {
    showError({
      kind: "too-large",
      message: `the picture is too large (${mb(blob.size)}; the limit is ${mb(S.config.max_upload_bytes)})`,
      hint: "send a screenshot or a smaller photo",
    });
    return;
  }
  S.fixes = new Map();
  S.source = { kind: "image", id: null, blob };
  $("live-info").hidden = true;
  clearBoard();
  showPicture(blob);
  await run("Reading the picture…", async () => {
    const type = blob.type && blob.type.startsWith("image/") ? blob.type : "application/octet-stream";
    return api("/api/solve" + query(options()), { method: "POST", headers: { "Content-Type": type }, body: blob });
  });
}

async function resolve() {
  // Solve the current board again (a fix, another game or min length).
  const src = S.source;
  if (!src) return;
  if (src.kind === "image") {
    await run("Solving…", async () => {
      const body = Object.assign(options(), { fix: fixList() });
      if (src.id) {
        try {
          return await api("/api/solve", jsonPost(Object.assign({ image_id: src.id }, body)));
        } catch (err) {
          if (err.kind !== "image-expired") throw err;
        }
      }
      return api("/api/solve" + query(body), { method: "POST", headers: { "Content-Type": src.blob.type || "application/octet-stream" }, body: src.blob });
    });
  } else {
    // Typed and live boards: the board text, with the fixes written in.
    const o = options();
    if (!o.game && src.kind === "live" && S.out && S.out.game) o.game = S.out.game;
    await run("Solving…", () => api("/api/solve", jsonPost(Object.assign({ board: src.text }, o))));
  }
}

function jsonPost(obj) {
  return { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(obj) };
}

async function run(label, call) {
  const seq = ++S.seq;
  hideError();
  $("busy-text").textContent = label;
  const timer = setTimeout(() => { $("busy").hidden = false; }, 150);
  try {
    const { body, headers } = await call();
    if (seq !== S.seq) return;
    const id = headers.get("X-Image-Id");
    if (id && S.source && S.source.kind === "image") S.source.id = id;
    show(body);
  } catch (err) {
    if (seq === S.seq) showError(err);
  } finally {
    clearTimeout(timer);
    if (seq === S.seq) $("busy").hidden = true;
  }
}

function mb(n) { return (n / 1048576).toFixed(n < 10485760 ? 1 : 0) + " MB"; }

// --------------------------------------------------------------------------- messages

function showError(err) {
  const m = $("message");
  m.className = "message error";
  m.dataset.kind = err.kind || "error";
  m.innerHTML = "";
  const b = document.createElement("strong");
  b.textContent = cap(err.message || "something went wrong");
  m.append(b);
  if (err.hint) m.append(document.createTextNode(" — " + pageHint(err.hint) + "."));
  m.hidden = false;
}

// The library's hints name command-line options; on the page they are menus and clicks.
function pageHint(hint) {
  return hint
    .replace(/pass --size \S+( \(rows x cols\))?/g, "choose the board's size in the Size menu")
    .replace(/--size \S+/g, "the Size menu")
    .replace(/(re-run with |pass )?--game \S+/g, "choose the game in the Game menu")
    .replace(/(re-run with )?(--fix \S+ ?)+/g, "click the tile to fix it ")
    .replace(/\(?or --best-guess to solve anyway\)?/g, "")
    .replace(/\s+/g, " ").trim();
}

function hideError() { $("message").hidden = true; }
function cap(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

// --------------------------------------------------------------------------- inputs

function handleFiles(files) {
  const file = [...(files || [])].find((f) => f && f.size !== undefined);
  if (!file) return false;
  solveImage(file);
  return true;
}

function setupInputs() {
  $("file").addEventListener("change", (e) => { handleFiles(e.target.files); e.target.value = ""; });
  document.addEventListener("paste", (e) => {
    const dt = e.clipboardData;
    if (!dt) return;
    const files = [...dt.files];
    for (const item of dt.items || []) if (item.kind === "file") { const f = item.getAsFile(); if (f) files.push(f); }
    if (files.length) { e.preventDefault(); handleFiles(files); return; }
    const text = dt.getData("text");
    const active = document.activeElement;
    if (text && !(active && /INPUT|TEXTAREA/.test(active.tagName))) {
      e.preventDefault();
      $("board-text").value = text.trim();
      solveText(text.trim());
    }
  });
  const drop = $("drop");
  ["dragenter", "dragover"].forEach((t) => document.addEventListener(t, (e) => { e.preventDefault(); drop.classList.add("over"); }));
  ["dragleave", "dragend"].forEach((t) => document.addEventListener(t, (e) => { if (!e.relatedTarget) drop.classList.remove("over"); }));
  document.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    if (!handleFiles(e.dataTransfer && e.dataTransfer.files)) {
      const text = e.dataTransfer && e.dataTransfer.getData("text");
      if (text) { $("board-text").value = text.trim(); solveText(text.trim()); }
    }
  });
  drop.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); $("file").click(); } });
  drop.addEventListener("click", (e) => { if (e.target === drop) $("file").click(); });
  $("text-form").addEventListener("submit", (e) => { e.preventDefault(); solveText($("board-text").value.trim()); });
  $("game").addEventListener("change", () => { S.userGame = $("game").value; resolve(); });
  $("size").addEventListener("change", () => { if (S.source && S.source.kind === "image") resolve(); });
  let t = null;
  $("min-len").addEventListener("input", () => { clearTimeout(t); t = setTimeout(resolve, 250); });
  $("starts").addEventListener("input", renderWords);
  $("len-filter").addEventListener("change", renderWords);
  $("hide-found").addEventListener("change", renderWords);
}

function solveText(text) {
  if (!text) { showError({ message: "type the board's letters first", hint: "e.g. TESTINGTHESOLVER" }); return; }
  S.source = { kind: "text", text };
  S.fixes = new Map();
  $("live-info").hidden = true;
  clearBoard();
  $("picture").hidden = true;
  resolve();
}

function showPicture(blob) {
  const img = $("pic");
  if (img.dataset.url) URL.revokeObjectURL(img.dataset.url);
  const url = typeof blob === "string" ? blob : URL.createObjectURL(blob);
  img.dataset.url = typeof blob === "string" ? "" : url;
  img.src = url;
  $("picture").hidden = false;
  $("pic-overlay").innerHTML = "";
  img.onload = () => drawPicture();
  img.onerror = () => { $("picture").hidden = true; };
}

// --------------------------------------------------------------------------- the outcome

// Forget the board shown (a new picture or text is on its way): nothing stale stays on
// the page if the new one cannot be read.
function clearBoard() {
  S.out = null;
  S.homography = null;
  S.selected = S.preview = -1;
  S.visible = [];
  S.editing = null;
  $("editor").hidden = true;
  $("board-wrap").hidden = true;
  $("board-legend").hidden = true;
  $("unsure-banner").hidden = true;
  $("empty-board").hidden = false;
  $("board-size").textContent = "";
  $("game-note").textContent = "";
  $("game").options[0].textContent = "Auto (from the picture)";
  $("words").innerHTML = "";
  $("summary").textContent = "—";
  $("more").hidden = true;
  $("pic-overlay").innerHTML = "";
  document.body.classList.remove("has-board");
}

function show(out) {
  // A live board fixed here is solved again as text: it keeps the screen's picture.
  if (S.source && S.source.kind === "live" && !out.picture && S.out && S.out.picture) out.picture = S.out.picture;
  const sameBoard = S.out && S.out.rows === out.rows && S.out.cols === out.cols;
  S.out = out;
  if (S.source && S.source.kind !== "image") S.source.text = boardText(out);
  S.selected = -1;
  S.preview = -1;
  const corners = out.picture ? out.picture.corners : out.reading && out.reading.corners;
  S.homography = corners ? homography(out.rows, out.cols, corners) : null;
  loadFound();
  if (!sameBoard) S.focusTile = [0, 0];
  renderGame();
  renderBoard();
  renderLengths();
  renderWords();
  drawPicture();
  $("min-len").value = out.min_len || $("min-len").value;
  closeEditor();
}

function tileToken(out, r, c) {
  let label = out.tiles[r][c];
  label = label === "" ? "." : label.replace("/", "|");
  const values = out.values || (out.reading && out.reading.values);
  const bonuses = out.bonuses || (out.reading && out.reading.bonuses);
  const v = values && values[r][c];
  const b = bonuses && bonuses[r][c];
  return label + (v !== null && v !== undefined ? ":" + v : "") + (b ? "*" + b : "");
}

function boardText(out) {
  const rows = [];
  for (let r = 0; r < out.rows; r++) {
    const row = [];
    for (let c = 0; c < out.cols; c++) row.push(tileToken(out, r, c));
    rows.push(row.join(" "));
  }
  return rows.join(" / ");
}

function unsureMap(out) {
  const m = new Map();
  for (const u of out.unsure || []) {
    const key = `${u.row},${u.col}`;
    if (!m.has(key)) m.set(key, []);
    m.get(key).push(u);
  }
  return m;
}

function gameTitle(name) {
  const g = S.config.games.find((x) => x.name === name);
  return g ? g.title : name;
}

function renderGame() {
  const out = S.out;
  const sel = $("game");
  const auto = sel.options[0];
  const note = $("game-note");
  note.className = "note";
  const pct = Math.round((out.game_confidence || 0) * 100);
  if (out.reading) {
    auto.textContent = out.game_source === "picture" || (!S.userGame && out.game)
      ? `Auto: ${gameTitle(out.game)} (${pct}%)` : "Auto: not recognised";
  } else {
    auto.textContent = "Auto (Boggle)";
  }
  sel.value = S.userGame;
  if (S.userGame) {
    note.textContent = `Scored as ${gameTitle(S.userGame)}, as you chose.`;
  } else if (!out.reading) {
    note.textContent = out.source === "live" ? "" : `Scored as ${gameTitle(out.game || "boggle")}: choose the game above if it is another.`;
  } else if (out.game && out.game_source !== "unknown") {
    note.textContent = `Recognised as ${gameTitle(out.game)} from the picture (${pct}% sure).`;
  } else {
    note.className = "note warn";
    const scored = out.scored_as || out.game || "boggle";
    note.textContent = `The game was not recognised: words are scored as ${gameTitle(scored)}. Choose the game above.`;
  }
  // What the reader says about the picture: turned, read from two copies, values from the table.
  for (const text of (out.reading && out.reading.notes) || []) {
    note.textContent += ` ${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  }
}

function confidenceAt(r, c) {
  const conf = S.out.reading && S.out.reading.confidence;
  return conf ? conf[r][c] : null;
}

function renderBoard() {
  const out = S.out;
  const board = $("board");
  const wrap = $("board-wrap");
  $("empty-board").hidden = true;
  wrap.hidden = false;
  document.body.classList.add("has-board");
  $("board-legend").hidden = !out.reading;
  $("board-size").textContent = `${out.rows}×${out.cols}`;
  wrap.style.setProperty("--rows", out.rows);
  wrap.style.setProperty("--cols", out.cols);
  wrap.style.aspectRatio = `${out.cols} / ${out.rows}`;
  board.innerHTML = "";
  const unsure = unsureMap(out);
  const values = out.values || (out.reading && out.reading.values);
  const bonuses = out.bonuses || (out.reading && out.reading.bonuses);
  const fixedByUser = new Set([...S.fixes.keys()]);
  for (let r = 0; r < out.rows; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.className = "board-row";
    for (let c = 0; c < out.cols; c++) {
      const key = `${r},${c}`;
      const cell = document.createElement("div");
      cell.setAttribute("role", "gridcell");
      cell.className = "cell";
      const tile = document.createElement("button");
      tile.type = "button";
      tile.className = "tile";
      tile.dataset.row = r;
      tile.dataset.col = c;
      tile.tabIndex = r === S.focusTile[0] && c === S.focusTile[1] ? 0 : -1;
      const label = out.tiles[r][c];
      const shown = label === "" ? "·" : (label.length > 1 && label.startsWith("Q") ? "Qu" : label);
      const letter = document.createElement("span");
      letter.className = "letter" + (shown.length > 2 ? " long" : shown.length === 2 ? " two" : "");
      letter.textContent = shown;
      tile.append(letter);
      const v = values && values[r][c];
      if (v !== null && v !== undefined) {
        const s = document.createElement("span"); s.className = "value"; s.textContent = v; tile.append(s);
      }
      const b = bonuses && bonuses[r][c];
      if (b) {
        const s = document.createElement("span"); s.className = "bonus b-" + b.toLowerCase(); s.textContent = b; tile.append(s);
      }
      const conf = confidenceAt(r, c);
      const parts = unsure.get(key) || [];
      const letterUnsure = parts.filter((u) => u.part === "letter");
      let desc = `row ${r + 1}, column ${c + 1}: ${label === "" ? "blank" : label}`;
      if (fixedByUser.has(key)) {
        tile.classList.add("fixed");
        desc += ", fixed by you";
      } else if (parts.length) {
        tile.classList.add("unsure");
        const cands = document.createElement("span");
        cands.className = "cands-mini";
        const list = letterUnsure.length ? letterUnsure[0].candidates.slice(0, 3).map((x) => x[0] || "·") : parts.map((u) => `${u.part} ${u.seen ?? "?"}?`);
        cands.textContent = list.join(" · ");
        tile.append(cands);
        const q = document.createElement("span"); q.className = "q"; q.textContent = "?"; tile.append(q);
        desc += `, unsure (${parts.map((u) => u.part).join(", ")}; maybe ${list.join(" or ")}): press Enter to fix`;
      }
      if (conf !== null) {
        const bar = document.createElement("span");
        bar.className = "conf";
        const fill = document.createElement("span");
        fill.style.width = Math.round(conf * 100) + "%";
        fill.className = conf >= 0.9 ? "hi" : conf >= 0.6 ? "mid" : "lo";
        bar.append(fill);
        tile.append(bar);
        desc += `, ${Math.round(conf * 100)}% sure`;
      }
      tile.title = desc;
      tile.setAttribute("aria-label", desc);
      cell.append(tile);
      row.append(cell);
    }
    board.append(row);
  }
  const overlay = $("board-overlay");
  overlay.setAttribute("viewBox", `0 0 ${out.cols} ${out.rows}`);
  drawBoardPath();
  renderUnsureBanner(unsure);
}

function renderUnsureBanner(unsure) {
  const banner = $("unsure-banner");
  const out = S.out;
  const scored = (out.unsure || []).filter((u) => u.scored !== false);
  const notFixed = scored.filter((u) => !S.fixes.has(`${u.row},${u.col}`));
  if (!notFixed.length) { banner.hidden = true; return; }
  const where = [...new Set(notFixed.map((u) => `r${u.row + 1}c${u.col + 1}`))];
  banner.innerHTML = "";
  const strong = document.createElement("strong");
  strong.textContent = `${where.length} ${where.length === 1 ? "tile is" : "tiles are"} unsure (${where.join(", ")}).`;
  banner.append(strong, document.createTextNode(" The words below use the best guess for them (marked ?). Click a tile to say what it is."));
  banner.hidden = false;
}

// --------------------------------------------------------------------------- words

function foundKey() { return "found:" + (S.out ? boardText(S.out) + "|" + (S.out.game || "") : ""); }

function loadFound() {
  try { S.found = new Set(JSON.parse(sessionStorage.getItem(foundKey()) || "[]")); } catch (e) { S.found = new Set(); }
}

function saveFound() {
  try { sessionStorage.setItem(foundKey(), JSON.stringify([...S.found])); } catch (e) { /* private mode */ }
}

function renderLengths() {
  const sel = $("len-filter");
  const keep = sel.value;
  const lens = [...new Set(S.out.words.map((w) => w.word.length))].sort((a, b) => a - b);
  sel.innerHTML = '<option value="">any</option>';
  for (const n of lens) {
    const o = document.createElement("option");
    o.value = String(n); o.textContent = `${n} letters`;
    sel.append(o);
  }
  if (lens.map(String).includes(keep)) sel.value = keep;
}

function guessedSet() { return new Set((S.out.guessed || []).map(([r, c]) => `${r},${c}`)); }

const MAX_ROWS = 600;

function renderWords() {
  const out = S.out;
  const body = $("words");
  body.innerHTML = "";
  if (!out) return;
  const starts = $("starts").value.trim().toLowerCase();
  const len = parseInt($("len-filter").value, 10);
  const hideFound = $("hide-found").checked;
  const guessed = guessedSet();
  S.visible = [];
  out.words.forEach((w, i) => {
    if (starts && !w.word.startsWith(starts)) return;
    if (len && w.word.length !== len) return;
    if (hideFound && S.found.has(w.word)) return;
    S.visible.push(i);
  });
  const frag = document.createDocumentFragment();
  for (const i of S.visible.slice(0, MAX_ROWS)) {
    const w = out.words[i];
    const tr = document.createElement("tr");
    tr.dataset.index = i;
    tr.tabIndex = -1;
    tr.style.setProperty("--c", COLORS[0]);
    if (S.found.has(w.word)) tr.classList.add("found");
    if (i === S.selected) tr.classList.add("selected");
    const td0 = document.createElement("td");
    td0.className = "c-found";
    const cb = document.createElement("input");
    cb.type = "checkbox";
    cb.checked = S.found.has(w.word);
    cb.tabIndex = -1;
    cb.setAttribute("aria-label", `found ${w.word}`);
    td0.append(cb);
    const td1 = document.createElement("td");
    td1.className = "w";
    td1.textContent = w.word.toUpperCase();
    if (w.path.some(([r, c]) => guessed.has(`${r},${c}`))) {
      const g = document.createElement("span"); g.className = "guess"; g.textContent = "?"; g.title = "uses an unsure tile"; td1.append(g);
    }
    const td2 = document.createElement("td"); td2.className = "num"; td2.textContent = w.word.length;
    const td3 = document.createElement("td"); td3.className = "num score"; td3.textContent = w.score.toLocaleString();
    tr.append(td0, td1, td2, td3);
    frag.append(tr);
  }
  body.append(frag);
  const more = $("more");
  more.hidden = S.visible.length <= MAX_ROWS;
  more.textContent = `${S.visible.length - MAX_ROWS} more: filter by length or start to see them.`;
  renderSummary();
}

function renderSummary() {
  const out = S.out;
  let wordsLeft = 0, pointsLeft = 0, total = 0;
  for (const w of out.words) {
    total += w.score;
    if (!S.found.has(w.word)) { wordsLeft++; pointsLeft += w.score; }
  }
  const found = out.words.length - wordsLeft;
  const s = $("summary");
  s.innerHTML = "";
  const a = document.createElement("strong"); a.id = "words-left"; a.textContent = wordsLeft.toLocaleString();
  const b = document.createElement("strong"); b.id = "points-left"; b.textContent = pointsLeft.toLocaleString();
  s.append(a, ` word${wordsLeft === 1 ? "" : "s"} and `, b, ` point${pointsLeft === 1 ? "" : "s"} left`);
  const more = document.createElement("span");
  more.className = "muted";
  more.textContent = found
    ? ` · ${found} found of ${out.words.length.toLocaleString()} (${total.toLocaleString()} points)`
    : ` · ${gameTitle(out.scored_as || out.game || "boggle")} scoring`;
  s.append(more);
}

function wordRow(i) { return document.querySelector(`#words tr[data-index="${i}"]`); }

function select(i, { scroll = true, focus = false } = {}) {
  const old = wordRow(S.selected);
  if (old) old.classList.remove("selected");
  S.selected = i;
  const row = wordRow(i);
  if (row) {
    row.classList.add("selected");
    if (scroll) row.scrollIntoView({ block: "nearest" });
    if (focus) row.focus({ preventScroll: !scroll });
  }
  drawPaths();
}

function toggleFound(i) {
  const w = S.out.words[i];
  if (S.found.has(w.word)) S.found.delete(w.word); else S.found.add(w.word);
  saveFound();
  const row = wordRow(i);
  if (row) {
    row.classList.toggle("found", S.found.has(w.word));
    row.querySelector("input").checked = S.found.has(w.word);
  }
  if ($("hide-found").checked) renderWords(); else renderSummary();
}

function setupWords() {
  const body = $("words");
  body.addEventListener("mouseover", (e) => {
    const tr = e.target.closest("tr");
    if (tr) { S.preview = +tr.dataset.index; drawPaths(); }
  });
  body.addEventListener("mouseleave", () => { S.preview = -1; drawPaths(); });
  body.addEventListener("click", (e) => {
    const tr = e.target.closest("tr");
    if (!tr) return;
    const i = +tr.dataset.index;
    if (e.target.matches("input[type=checkbox]")) { e.target.checked = !e.target.checked; toggleFound(i); return; }
    select(S.selected === i ? -1 : i, { scroll: false, focus: true });
  });
  $("words-table").addEventListener("keydown", (e) => {
    if (!S.visible.length) return;
    const pos = S.visible.indexOf(S.selected);
    let next = null;
    if (e.key === "ArrowDown" || e.key === "j") next = S.visible[Math.min(S.visible.length - 1, pos + 1)];
    else if (e.key === "ArrowUp" || e.key === "k") next = S.visible[Math.max(0, pos - 1)];
    else if (e.key === "Home") next = S.visible[0];
    else if (e.key === "End") next = S.visible[Math.min(S.visible.length, MAX_ROWS) - 1];
    else if ((e.key === " " || e.key === "Enter" || e.key === "x") && S.selected >= 0) { e.preventDefault(); toggleFound(S.selected); return; }
    if (next !== null && next !== undefined) { e.preventDefault(); select(next, { focus: true }); }
  });
  $("words-table").addEventListener("focusin", (e) => {
    if (e.target === $("words-table") && S.selected < 0 && S.visible.length) select(S.visible[0], { focus: true });
  });
}

// --------------------------------------------------------------------------- paths

function activeWord() {
  const i = S.preview >= 0 ? S.preview : S.selected;
  return S.out && i >= 0 ? S.out.words[i] : null;
}

function drawPaths() { drawBoardPath(); drawPicture(); }

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

function arrowDefs(svg, id, color) {
  const defs = el("defs", {}, svg);
  const m = el("marker", { id, viewBox: "0 0 10 10", refX: "8", refY: "5", markerWidth: "4", markerHeight: "4", orient: "auto-start-reverse", markerUnits: "strokeWidth" }, defs);
  el("path", { d: "M0,0 L10,5 L0,10 z", fill: color }, m);
}

// Draw a word's path through tile centres `points` (in the SVG's units; `unit` = one tile):
// arrows run from tile edge to tile edge so the letters stay readable, and each tile gets a
// numbered badge in its lower-right corner (the start in green, the last one ringed).
function drawPath(svg, points, unit, word, idPrefix) {
  const color = COLORS[0];
  const g = el("g", { class: "path", "data-word": word.word, "data-path": word.path.map(([r, c]) => `${r},${c}`).join(" ") }, svg);
  arrowDefs(svg, idPrefix + "-arrow", color);
  const w = unit * 0.075;
  for (let k = 0; k + 1 < points.length; k++) {
    const [x1, y1] = points[k], [x2, y2] = points[k + 1];
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    const a = Math.min(unit * 0.3, len * 0.3), b = Math.min(unit * 0.36, len * 0.36);
    const seg = { x1: x1 + ux * a, y1: y1 + uy * a, x2: x2 - ux * b, y2: y2 - uy * b };
    el("line", Object.assign({ stroke: "white", "stroke-width": w * 2, "stroke-linecap": "round", opacity: "0.9" }, seg), g);
    el("line", Object.assign({ class: "seg", stroke: color, "stroke-width": w, "stroke-linecap": "round", "marker-end": `url(#${idPrefix}-arrow)` }, seg), g);
  }
  const last = points.length - 1;
  points.forEach(([x, y], k) => {
    const start = k === 0;
    const cx = x + unit * 0.29, cy = y + unit * 0.27;
    const r = unit * (start ? 0.15 : 0.125);
    el("circle", { class: start ? "start" : "step", "data-x": x, "data-y": y, cx, cy, r, fill: start ? "#1a7f37" : color, stroke: "white", "stroke-width": unit * 0.025 }, g);
    if (k === last && k > 0) el("circle", { class: "end", cx, cy, r: r * 1.35, fill: "none", stroke: color, "stroke-width": unit * 0.03 }, g);
    const t = el("text", { x: cx, y: cy, "text-anchor": "middle", "dominant-baseline": "central", "font-size": unit * (start ? 0.18 : 0.15), fill: "white", "font-weight": "700", "font-family": "system-ui, sans-serif" }, g);
    t.textContent = String(k + 1);
  });
}

function drawBoardPath() {
  const svg = $("board-overlay");
  svg.innerHTML = "";
  document.querySelectorAll(".tile.on-path").forEach((t) => t.classList.remove("on-path", "path-start"));
  const word = activeWord();
  if (!word) return;
  drawPath(svg, word.path.map(([r, c]) => [c + 0.5, r + 0.5]), 1, word, "b");
  word.path.forEach(([r, c], k) => {
    const t = document.querySelector(`.tile[data-row="${r}"][data-col="${c}"]`);
    if (t) t.classList.add("on-path");
    if (t && k === 0) t.classList.add("path-start");
  });
}

function drawPicture() {
  const svg = $("pic-overlay");
  const img = $("pic");
  svg.innerHTML = "";
  if (!S.out || !S.homography || $("picture").hidden || !img.naturalWidth) return;
  svg.setAttribute("viewBox", `0 0 ${img.naturalWidth} ${img.naturalHeight}`);
  const H = S.homography;
  const corners = [[0, 0], [S.out.cols, 0], [S.out.cols, S.out.rows], [0, S.out.rows]].map((p) => apply(H, p));
  const pitch = Math.hypot(corners[1][0] - corners[0][0], corners[1][1] - corners[0][1]) / S.out.cols;
  el("polygon", { class: "board-outline", points: corners.map((p) => p.join(",")).join(" "), fill: "none", stroke: "#e69f00", "stroke-width": Math.max(2, pitch * 0.03), "stroke-dasharray": `${pitch * 0.12} ${pitch * 0.08}` }, svg);
  const word = activeWord();
  if (!word) return;
  drawPath(svg, word.path.map(([r, c]) => apply(H, [c + 0.5, r + 0.5])), pitch, word, "p");
}

// A 3x3 homography taking board cells (col, row) to picture pixels, from the lattice's
// outer corners (TL, TR, BR, BL), as BoardGeometry.from_corners does on the server.
function homography(rows, cols, corners) {
  const src = [[0, 0], [cols, 0], [cols, rows], [0, rows]];
  const A = [], b = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = src[i], [u, v] = corners[i];
    A.push([x, y, 1, 0, 0, 0, -u * x, -u * y]); b.push(u);
    A.push([0, 0, 0, x, y, 1, -v * x, -v * y]); b.push(v);
  }
  const h = gauss(A, b);
  return h ? [h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1] : null;
}

function gauss(A, b) {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(M[r][col]) > Math.abs(M[piv][col])) piv = r;
    if (Math.abs(M[piv][col]) < 1e-12) return null;
    [M[col], M[piv]] = [M[piv], M[col]];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = M[r][col] / M[col][col];
      for (let k = col; k <= n; k++) M[r][k] -= f * M[col][k];
    }
  }
  return M.map((row, i) => row[n] / row[i]);
}

function apply(H, [x, y]) {
  const w = H[6] * x + H[7] * y + H[8];
  return [(H[0] * x + H[1] * y + H[2]) / w, (H[3] * x + H[4] * y + H[5]) / w];
}

// --------------------------------------------------------------------------- fixing tiles

function openEditor(r, c) {
  const out = S.out;
  S.editing = [r, c];
  const ed = $("editor");
  $("editor-title").textContent = `Tile r${r + 1}c${c + 1}`;
  const parts = unsureMap(out).get(`${r},${c}`) || [];
  const conf = confidenceAt(r, c);
  const label = out.tiles[r][c] || "blank";
  $("editor-seen").textContent = parts.length
    ? `Unsure: read as ${label}${conf !== null ? ` (${Math.round(conf * 100)}% sure)` : ""}. What does it say?`
    : `Read as ${label}${conf !== null ? ` (${Math.round(conf * 100)}% sure)` : ""}.`;
  const cands = $("editor-cands");
  cands.innerHTML = "";
  const letter = parts.find((u) => u.part === "letter");
  const list = letter ? letter.candidates : [];
  for (const [lab, p] of list.slice(0, 6)) {
    const btn = document.createElement("button");
    btn.type = "button";
    btn.className = "cand";
    btn.dataset.token = lab === "" ? "." : lab.replace("/", "|");
    btn.innerHTML = "";
    const big = document.createElement("b"); big.textContent = lab || "blank";
    const small = document.createElement("small"); small.textContent = Math.round(p * 100) + "%";
    btn.append(big, small);
    btn.addEventListener("click", () => applyFix(r, c, withExtras(btn.dataset.token, r, c)));
    cands.append(btn);
  }
  cands.hidden = !list.length;
  const input = $("editor-input");
  input.value = S.fixes.get(`${r},${c}`) || "";
  $("editor-reset").hidden = !S.fixes.has(`${r},${c}`);
  ed.hidden = false;
  positionEditor(r, c);
  (list.length ? cands.querySelector("button") : input).focus();
}

function positionEditor(r, c) {
  const ed = $("editor");
  const tile = document.querySelector(`.tile[data-row="${r}"][data-col="${c}"]`);
  const panel = ed.parentElement.getBoundingClientRect();
  const t = tile.getBoundingClientRect();
  const w = Math.min(300, panel.width - 16);
  ed.style.width = w + "px";
  let left = t.left - panel.left + t.width / 2 - w / 2;
  left = Math.max(8, Math.min(panel.width - w - 8, left));
  ed.style.left = left + "px";
  ed.style.top = (t.bottom - panel.top + 6) + "px";
}

function closeEditor() {
  const was = S.editing;
  S.editing = null;
  $("editor").hidden = true;
  if (was) focusTile(was[0], was[1]);
}

// A fix typed as a bare letter keeps the value and bonus read on the tile.
function withExtras(token, r, c) {
  if (/[:*]/.test(token)) return token;
  const full = tileToken(S.out, r, c);
  const m = full.match(/([:*].*)$/);
  return token + (m ? m[1] : "");
}

function applyFix(r, c, token) {
  token = token.trim();
  if (!token) return;
  if (S.source && S.source.kind === "image") {
    S.fixes.set(`${r},${c}`, token);
  } else {
    const rows = boardText(S.out).split(" / ").map((row) => row.split(" "));
    rows[r][c] = token;
    S.source.text = rows.map((row) => row.join(" ")).join(" / ");
  }
  S.editing = null;
  $("editor").hidden = true;
  S.focusTile = [r, c];
  resolve().then(() => focusTile(r, c));
}

function focusTile(r, c) {
  const t = document.querySelector(`.tile[data-row="${r}"][data-col="${c}"]`);
  if (!t) return;
  document.querySelectorAll(".tile").forEach((x) => { x.tabIndex = -1; });
  t.tabIndex = 0;
  S.focusTile = [r, c];
  t.focus();
}

function setupBoard() {
  const board = $("board");
  board.addEventListener("click", (e) => {
    const t = e.target.closest(".tile");
    if (t) openEditor(+t.dataset.row, +t.dataset.col);
  });
  board.addEventListener("keydown", (e) => {
    const t = e.target.closest(".tile");
    if (!t || !S.out) return;
    let r = +t.dataset.row, c = +t.dataset.col;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[e.key]) {
      e.preventDefault();
      r = Math.max(0, Math.min(S.out.rows - 1, r + moves[e.key][0]));
      c = Math.max(0, Math.min(S.out.cols - 1, c + moves[e.key][1]));
      focusTile(r, c);
    } else if (/^[a-zA-Z]$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      e.stopPropagation();
      applyFix(r, c, withExtras(e.key.toUpperCase(), r, c));
    }
  });
  $("editor-form").addEventListener("submit", (e) => {
    e.preventDefault();
    if (S.editing) applyFix(S.editing[0], S.editing[1], withExtras($("editor-input").value, S.editing[0], S.editing[1]));
  });
  $("editor-close").addEventListener("click", closeEditor);
  $("editor-reset").addEventListener("click", () => {
    if (!S.editing) return;
    const [r, c] = S.editing;
    S.fixes.delete(`${r},${c}`);
    S.editing = null;
    $("editor").hidden = true;
    resolve().then(() => focusTile(r, c));
  });
  $("editor").addEventListener("keydown", (e) => { if (e.key === "Escape") { e.stopPropagation(); closeEditor(); } });
}

// --------------------------------------------------------------------------- keys

function setupKeys() {
  const keysBtn = $("keys-btn");
  keysBtn.addEventListener("click", () => {
    const open = $("keys").hidden;
    $("keys").hidden = !open;
    keysBtn.setAttribute("aria-expanded", String(open));
  });
  document.addEventListener("keydown", (e) => {
    const a = document.activeElement;
    const typing = a && (/INPUT|TEXTAREA|SELECT/.test(a.tagName)) && a.type !== "checkbox";
    if (e.key === "Escape") {
      if (!$("editor").hidden) { closeEditor(); return; }
      if (!$("keys").hidden) { $("keys").hidden = true; return; }
      if (typing) { a.blur(); return; }
      S.preview = -1; select(-1); return;
    }
    if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
    if (a && a.closest && a.closest(".board") && /^[a-zA-Z]$/.test(e.key)) return;
    const go = {
      "/": () => $("starts").focus(),
      o: () => $("file").click(),
      t: () => $("board-text").focus(),
      g: () => $("game").focus(),
      b: () => S.out && focusTile(...S.focusTile),
      w: () => { const first = S.selected >= 0 ? S.selected : S.visible[0]; if (first !== undefined) select(first, { focus: true }); },
      "?": () => keysBtn.click(),
    }[e.key];
    if (go) { e.preventDefault(); go(); }
  });
  window.addEventListener("resize", () => { if (S.editing) positionEditor(...S.editing); });
}

// --------------------------------------------------------------------------- live

function setupLive() {
  if (!S.config.live || !window.EventSource) return;
  $("live").hidden = false;
  const status = $("live-status");
  const es = new EventSource("/api/live");
  es.addEventListener("status", (e) => {
    const d = JSON.parse(e.data);
    status.textContent = d.message;
    $("live").classList.toggle("warn", !!(d.warning || d.error));
  });
  es.addEventListener("board", (e) => {
    const out = JSON.parse(e.data);
    window.liveBoards = (window.liveBoards || 0) + 1;
    if (!$("follow").checked) { status.textContent = `new board #${out.board_number || ""} (not following)`; return; }
    S.source = { kind: "live", text: "" };
    S.fixes = new Map();
    if (out.picture) showPicture(out.picture.url); else $("picture").hidden = true;
    hideError();
    S.seq++;
    show(out);
    const info = $("live-info");
    const when = out.timestamp ? new Date(out.timestamp).toLocaleTimeString() : "";
    const where = out.region ? ` at ${out.region[0]},${out.region[1]} (${out.region[2]}×${out.region[3]} px)` : "";
    info.textContent = `Board #${out.board_number || "?"} from the screen${where}${when ? ", seen " + when : ""}. Fix a tile here if it was misread; the next board replaces this one.`;
    info.hidden = false;
  });
  es.onerror = () => { status.textContent = "reconnecting…"; };
  es.onopen = () => { if (status.textContent === "reconnecting…" || status.textContent === "connecting…") status.textContent = "connected"; };
}

// --------------------------------------------------------------------------- start

async function start() {
  setupInputs();
  setupWords();
  setupBoard();
  setupKeys();
  try {
    const { body } = await api("/api/config");
    Object.assign(S.config, body);
  } catch (err) {
    showError(err);
  }
  $("limit").textContent = mb(S.config.max_upload_bytes);
  const sel = $("game");
  sel.innerHTML = "";
  const auto = document.createElement("option");
  auto.value = ""; auto.textContent = "Auto (from the picture)";
  sel.append(auto);
  for (const g of S.config.games) {
    const o = document.createElement("option");
    o.value = g.name; o.textContent = g.title;
    sel.append(o);
  }
  if (S.config.game) { S.userGame = S.config.game; sel.value = S.config.game; }
  $("min-len").value = S.config.min_len || 3;
  setupLive();
  document.body.dataset.ready = "1";
}

document.addEventListener("DOMContentLoaded", start);
