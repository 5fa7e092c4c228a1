// Doomlings online: the web page. No framework; every message checked against the server's
// own schema (/protocol.json) both ways. What the game says goes into a log (role="log", a
// polite live region), a message at a time and in order; the assertive region is used only
// for "your turn", errors and the one summary on coming back (said once, there, and put into
// the history unspoken). Focus moves only when the person acts: never on a message.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const SEAT_KEY = "doomlings-seat";
  const STEP_MS = 120; // live messages are added this far apart: a burst is not dropped
  const RETRY_MS = 60000;

  const state = {
    ws: null, schema: null, code: null, token: null, name: null, lastSeq: 0,
    asked: null, host: false, phase: "lobby", leaving: false, lostAt: 0,
    seats: [], houseRules: [], handWanted: 0, reviewWanted: null, joined: false,
  };

  // --- the schema ------------------------------------------------------------------------
  // The keywords protocol.json uses (a test keeps the schema to them).
  function fits(value, schema, where) {
    if (schema.$ref) return fits(value, state.schema.$defs[schema.$ref.split("/").pop()], where);
    if ("const" in schema && value !== schema.const) return `${where} is not ${schema.const}`;
    if (schema.enum && !schema.enum.includes(value)) return `${where} is not one of its values`;
    if (schema.type) {
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      const kind = value === null ? "null" : Array.isArray(value) ? "array"
        : Number.isInteger(value) ? "integer" : typeof value;
      if (!types.includes(kind) && !(kind === "integer" && types.includes("number"))) return `${where} is not ${types.join(" or ")}`;
    }
    if (typeof value === "string") {
      const length = [...value].length;
      if (schema.minLength !== undefined && length < schema.minLength) return `${where} is too short`;
      if (schema.maxLength !== undefined && length > schema.maxLength) return `${where} is too long`;
      if (schema.pattern && !new RegExp(schema.pattern, "u").test(value)) return `${where} has characters it may not`;
    }
    if (typeof value === "number") {
      if (schema.minimum !== undefined && value < schema.minimum) return `${where} is too small`;
      if (schema.maximum !== undefined && value > schema.maximum) return `${where} is too large`;
    }
    if (Array.isArray(value)) {
      if (schema.minItems !== undefined && value.length < schema.minItems) return `${where} has too few items`;
      if (schema.maxItems !== undefined && value.length > schema.maxItems) return `${where} has too many items`;
      if (schema.items) {
        for (let i = 0; i < value.length; i++) {
          const fault = fits(value[i], schema.items, `${where}[${i}]`);
          if (fault) return fault;
        }
      }
    }
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      for (const name of schema.required || []) if (!(name in value)) return `${where}.${name} is missing`;
      const props = schema.properties || {};
      for (const [name, item] of Object.entries(value)) {
        if (name in props) {
          const fault = fits(item, props[name], `${where}.${name}`);
          if (fault) return fault;
        } else if (schema.additionalProperties === false) {
          return `${where}.${name} is not expected`;
        }
      }
    }
    return null;
  }

  function check(message, direction) {
    const defs = state.schema.$defs;
    const type = message && message.type;
    if (!defs[direction].enum.includes(type)) return `no message of type ${type} goes this way`;
    const name = direction === "to_client" && defs[`${type}_out`] ? `${type}_out` : type;
    return fits(message, defs[name], type);
  }

  function send(message) {
    const fault = check(message, "to_server");
    if (fault) { console.warn("not sent:", fault); return; }
    if (state.ws && state.ws.readyState === WebSocket.OPEN) state.ws.send(JSON.stringify(message));
  }

  // --- what is said: two logs, and the one assertive region ----------------------------------
  const queue = [];
  let draining = false;
  let lastSpoken = { text: "", at: 0 };
  let leading = null; // the summary on coming back, said with the question that follows it

  function addLine(log, text, kind) {
    const p = document.createElement("p");
    p.textContent = text;
    if (kind) p.className = kind;
    log.appendChild(p);
    if (log.getAttribute("role") === "log") log.scrollTop = log.scrollHeight;
    return p;
  }

  // A told message (or chat) into its log: live ones a step apart, in order; replayed ones
  // (missed while away) into the history at once with the region silenced, never spoken.
  function tell(log, text, speech, replayed, kind) {
    queue.push({ log, text, speech, replayed, kind });
    if (!draining) drain();
  }

  function drain() {
    draining = true;
    const item = queue.shift();
    if (!item) { draining = false; return; }
    if (item.replayed) {
      const silenced = new Set();
      let next = item;
      while (next && next.replayed) {
        if (!silenced.has(next.log)) { next.log.setAttribute("aria-live", "off"); silenced.add(next.log); }
        addLine(next.log, next.text, next.kind);
        next = queue[0] && queue[0].replayed ? queue.shift() : null;
      }
      setTimeout(() => {
        for (const log of silenced) log.removeAttribute("aria-live");
        drain();
      }, STEP_MS);
      return;
    }
    addLine(item.log, item.text, item.kind);
    voice(item.speech);
    setTimeout(drain, STEP_MS);
  }

  function voice(speech) {
    if (!$("speak").checked || !("speechSynthesis" in window)) return;
    const now = Date.now();
    if (speech === lastSpoken.text && now - lastSpoken.at < 700) return; // said twice at once
    lastSpoken = { text: speech, at: now };
    window.speechSynthesis.speak(new SpeechSynthesisUtterance(speech));
  }

  // The assertive region. The summary on coming back ("lead") is said again at the head of
  // what follows it at once (the question waiting): a new text in the region cuts off the
  // last, so the summary would otherwise be lost under "Your turn".
  function urge(text, lead = false) {
    const region = $("urgent");
    const now = Date.now();
    let said = text;
    if (lead) leading = { text, at: now };
    else if (leading && now - leading.at < 2000) said = `${leading.text} ${text}`;
    if (!lead) leading = null;
    region.textContent = "";
    setTimeout(() => { region.textContent = said; }, 50);
  }

  // --- listboxes ------------------------------------------------------------------------
  function fillList(list, items, onChoose) {
    list.replaceChildren();
    list.onChoose = onChoose;
    if (!items.length) {
      const li = document.createElement("li");
      li.setAttribute("role", "option");
      li.setAttribute("aria-disabled", "true");
      li.setAttribute("aria-selected", "false");
      li.id = `${list.id}-none`;
      li.textContent = list.id === "hand" ? "No cards." : "Nothing to choose.";
      list.appendChild(li);
      select(list, 0);
      return;
    }
    items.forEach((item, i) => {
      const li = document.createElement("li");
      li.setAttribute("role", "option");
      li.id = `${list.id}-${i}`;
      li.dataset.value = item.value;
      li.textContent = item.text;
      li.setAttribute("aria-selected", "false");
      li.addEventListener("click", () => { select(list, i); choose(list); });
      list.appendChild(li);
    });
    select(list, 0);
  }

  function select(list, index) {
    const options = [...list.children];
    if (!options.length) return;
    const i = Math.max(0, Math.min(index, options.length - 1));
    options.forEach((o, j) => o.setAttribute("aria-selected", j === i ? "true" : "false"));
    list.setAttribute("aria-activedescendant", options[i].id);
    list.active = i;
    options[i].scrollIntoView({ block: "nearest" });
  }

  function choose(list) {
    const option = list.children[list.active || 0];
    if (!option || option.getAttribute("aria-disabled") === "true" || !list.onChoose) return;
    list.onChoose(option.dataset.value, option.textContent);
  }

  function listKeys(list) {
    list.addEventListener("keydown", (event) => {
      const options = [...list.children];
      const i = list.active || 0;
      const key = event.key;
      if (key === "ArrowDown") select(list, i + 1);
      else if (key === "ArrowUp") select(list, i - 1);
      else if (key === "Home") select(list, 0);
      else if (key === "End") select(list, options.length - 1);
      else if (key === "Enter" || key === " ") choose(list);
      else if (/^[1-9]$/.test(key)) select(list, Number(key) - 1);
      else if (/^\p{L}$/u.test(key) && !event.ctrlKey && !event.altKey && !event.metaKey) {
        // Letters only inside the list: the next option beginning with it.
        const letter = key.toLowerCase();
        for (let step = 1; step <= options.length; step++) {
          const j = (i + step) % options.length;
          if (options[j].textContent.toLowerCase().startsWith(letter)) { select(list, j); break; }
        }
      } else return;
      event.preventDefault();
    });
  }

  // --- the menu ---------------------------------------------------------------------------
  function menuItems() {
    // The room's game's own reviews, as the server names them (a command that takes a name or a
    // card, like "pile NAME" or "card NAME", is offered for each player, or left to typing).
    const items = [];
    for (const c of state.game.commands) {
      const [usage, help] = c.help.split(": ");
      if (/ NAME/.test(usage) && !/card/.test(c.name)) {
        for (const seat of state.seats) items.push([`${capital(c.name)} of ${seat.name}: ${help}`, () => review(c.name, seat.name)]);
      } else if (!/ NAME/.test(usage)) items.push([capital(help || c.name), () => review(c.name)]);
    }
    items.push(["The last 10 announcements", () => review("log", "10")], ["Repeat the last announcement", () => review("repeat")],
      ["Who is here", () => review("who")]);
    if (state.host) {
      if (state.phase === "lobby") {
        for (const level of ["easy", "normal", "hard"]) items.push([`Add a computer player at ${level}`, () => send({ type: "add_computer", level })]);
        for (const game of state.games) if (game.name !== state.game.name) {
          items.push([`Play ${game.title} instead`, () => send({ type: "choose_game", game: game.name })]);
        }
        items.push(["Start the game", () => send({ type: "start" })]);
      }
      for (const seat of state.seats) if (seat.name !== state.name && (seat.who === "person" || state.phase === "lobby")) {
        items.push([`Remove ${seat.name}`, () => send({ type: "remove", seat: seat.seat })]);
      }
      items.push([state.locked ? "Open the room to new people" : "Lock the room", () => send({ type: "lock", locked: !state.locked })]);
    }
    items.push(["Leave the room for good", leave]);
    return items;
  }

  function openMenu() {
    const menu = $("menu");
    menu.replaceChildren();
    menuItems().forEach(([text, act], i) => {
      const li = document.createElement("li");
      li.setAttribute("role", "menuitem");
      li.tabIndex = -1;
      li.id = `menu-${i}`;
      li.textContent = text;
      li.act = act;
      li.addEventListener("click", () => { closeMenu(); act(); });
      menu.appendChild(li);
    });
    menu.hidden = false;
    $("menu-button").setAttribute("aria-expanded", "true");
    menu.firstChild.focus();
  }

  function closeMenu(refocus) {
    $("menu").hidden = true;
    $("menu-button").setAttribute("aria-expanded", "false");
    if (refocus) $("menu-button").focus();
  }

  function menuKeys() {
    const button = $("menu-button");
    button.addEventListener("click", () => ($("menu").hidden ? openMenu() : closeMenu(true)));
    button.addEventListener("keydown", (event) => {
      if (event.key === "ArrowDown") { event.preventDefault(); openMenu(); }
    });
    $("menu").addEventListener("keydown", (event) => {
      const items = [...$("menu").children];
      const i = items.indexOf(document.activeElement);
      const move = (j) => items[(j + items.length) % items.length].focus();
      if (event.key === "ArrowDown") move(i + 1);
      else if (event.key === "ArrowUp") move(i - 1);
      else if (event.key === "Home") move(0);
      else if (event.key === "End") move(items.length - 1);
      else if (event.key === "Escape") closeMenu(true);
      else if (event.key === "Tab") { closeMenu(false); return; }
      else if (event.key === "Enter" || event.key === " ") { const act = items[i].act; closeMenu(true); act(); }
      else if (/^\p{L}$/u.test(event.key)) {
        const letter = event.key.toLowerCase();
        for (let step = 1; step <= items.length; step++) {
          const j = (i + step) % items.length;
          if (items[j].textContent.toLowerCase().startsWith(letter)) { move(j); break; }
        }
      } else return;
      event.preventDefault();
    });
  }

  function review(topic, arg) {
    state.reviewWanted = topic;
    send(arg ? { type: "review", topic, arg } : { type: "review", topic });
  }

  // --- messages from the server -------------------------------------------------------------
  const on = {
    welcome(m) {
      if (m.game.name !== state.game.name) { state.game = m.game; showRules(); }
      state.code = m.code; state.name = m.name; state.host = m.host; state.joined = true;
      if (m.token) {
        state.token = m.token;
        sessionStorage.setItem(SEAT_KEY, JSON.stringify({ code: m.code, token: m.token, name: m.name }));
      }
      $("door").hidden = true;
      $("room").hidden = false;
      $("room-code").textContent = m.code;
      $("verbosity").value = m.verbosity;
      $("labels").value = m.labels;
      if (!m.resumed) {
        const said = m.host ? `Room ${m.code} is open, and you are its host. Friends join with the code ${m.code}.`
          : m.role === "watcher" ? `You are watching in room ${m.code}.` : `You joined room ${m.code}. The host starts the game.`;
        tell($("history"), said, said, false, "notice");
      }
    },
    game_chosen(m) {
      state.game = m.game; // its reviews in the menu, its rules in the lobby (the room says the change)
      showRules();
    },
    say(m) {
      if (m.channel === "game" && m.seq <= state.lastSeq) return; // had it already
      if (m.channel === "game") state.lastSeq = m.seq;
      const kind = m.channel === "notice" ? "notice" : "";
      if (m.urgent && !m.replayed) {
        // said by the assertive region alone: into the history as a replayed line is, unspoken
        tell($("history"), m.text, m.speech, true, kind);
        voice(m.speech);
        urge(m.text, true);
      } else tell($("history"), m.text, m.speech, m.replayed, kind);
    },
    chat(m) {
      if (m.seq <= state.lastSeq) return;
      state.lastSeq = m.seq;
      tell($("chat-log"), m.text, m.speech, m.replayed, "");
    },
    question(m) {
      state.asked = m;
      showQuestion(m);
      urge(m.title.startsWith("Your turn") ? m.title : `Your choice. ${m.title}`);
      refreshHand();
    },
    settled(m) {
      if (state.asked && state.asked.id === m.id) {
        state.asked = null;
        $("question-title").textContent = "Nothing is asked of you now.";
        fillList($("choices"), [], null);
      }
      refreshHand();
    },
    table(m) {
      const started = state.phase === "lobby" && m.phase === "playing";
      state.phase = m.phase; state.seats = m.seats; state.locked = m.locked; state.houseRules = m.house_rules;
      const me = m.seats.find((s) => s.name === state.name);
      state.host = me ? me.host : state.host;
      $("who").textContent = m.said;
      $("lobby").hidden = !(state.host && m.phase === "lobby");
      for (const box of $("house-rules").querySelectorAll("input")) box.checked = m.house_rules.includes(box.value);
      if (started || (m.phase === "playing" && !state.handSeen)) refreshHand();
    },
    review(m) {
      if (m.topic === "hand" && state.handWanted > 0 && state.reviewWanted !== "hand") {
        state.handWanted -= 1; state.handSeen = true;
        const cards = m.lines.slice(1).map((line, i) => ({ value: String(i), text: line }));
        fillList($("hand"), cards, (value, text) => review("card", text.split(",")[0]));
        return;
      }
      if (m.topic !== state.reviewWanted) return;
      state.reviewWanted = null;
      const box = $("review");
      box.replaceChildren();
      for (const line of m.lines) addLine(box, line, "");
      $("review-heading").focus(); // the person asked for it: their focus goes to the answer
    },
    error(m) {
      if (!state.joined) $("door-error").textContent = m.text;
      urge(m.text);
      if (state.asked && state.asked.answered && ["too_fast", "bad_answer", "not_now"].includes(m.code)) {
        state.asked.answered = false; // the answer was not taken: the question is open again
        showQuestion(state.asked);
      }
      if (m.code === "bad_key") { sessionStorage.removeItem(SEAT_KEY); state.token = null; }
    },
    bye(m) {
      state.leaving = true;
      sessionStorage.removeItem(SEAT_KEY);
      tell($("history"), m.text, m.text, false, "notice");
    },
  };

  function showQuestion(m) {
    $("question-title").textContent = m.title;
    fillList($("choices"), m.options.map((o) => ({ value: o.id, text: o.text })), (value, text) => {
      if (!state.asked || state.asked.answered) return;
      state.asked.answered = true;
      send({ type: "answer", question: state.asked.id, option: value });
      $("question-title").textContent = `Your answer: ${text}.`;
      fillList($("choices"), [], null);
    });
  }

  function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

  function refreshHand() {
    if (!state.game.commands.some((c) => c.name === "hand")) return; // (a game with no hand to show)
    if (state.phase !== "playing" || !state.seats.some((s) => s.name === state.name) || state.handWanted) return;
    state.handWanted += 1;
    send({ type: "review", topic: "hand" });
  }

  function connect(hello) {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/ws`);
    state.ws = ws;
    ws.onopen = () => { state.lostAt = 0; send(hello()); };
    ws.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      const fault = check(message, "to_client");
      if (fault) { console.warn("refused:", fault); return; }
      on[message.type](message);
    };
    ws.onclose = () => {
      if (state.ws !== ws || state.leaving || !state.token) return;
      const now = Date.now();
      if (!state.lostAt) {
        state.lostAt = now;
        tell($("history"), "The connection is lost; trying again.", "The connection is lost; trying again.", false, "notice");
      }
      if (now - state.lostAt > RETRY_MS) {
        urge("The server cannot be reached. Load the page again to come back.");
        return;
      }
      setTimeout(() => connect(resumeHello), 1000);
    };
  }

  const resumeHello = () => ({ type: "resume", code: state.code, token: state.token, last_seq: state.lastSeq });

  function leave() {
    state.leaving = true;
    send({ type: "leave" });
  }

  function settings() {
    return { labels: $("labels").value, verbosity: $("verbosity").value };
  }

  function start() {
    listKeys($("choices"));
    listKeys($("hand"));
    fillList($("choices"), [], null);
    fillList($("hand"), [], null);
    menuKeys();
    $("door-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const name = $("name").value.trim();
      const code = $("code").value.trim();
      if (!name || !code) { $("door-error").textContent = !name ? "Type your name first." : "Type the room's code, or open a new room."; urge($("door-error").textContent); return; }
      connect(() => ({ type: "join", code, name, ...settings() }));
    });
    $("create").addEventListener("click", () => {
      const name = $("name").value.trim();
      if (!name) { $("door-error").textContent = "Type your name first."; urge("Type your name first."); return; }
      connect(() => ({ type: "create", name, game: $("game").value, ...settings() }));
    });
    $("chat-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const text = $("chat-text").value.trim();
      if (text) send({ type: "chat", text });
      $("chat-text").value = "";
    });
    $("add-computer").addEventListener("click", () => send({ type: "add_computer", level: $("level").value }));
    $("start").addEventListener("click", () => send({ type: "start" }));
    for (const id of ["verbosity", "labels"]) $(id).addEventListener("change", () => send({ type: "settings", ...settings() }));
    for (const game of state.games) {
      const option = document.createElement("option");
      option.value = game.name; option.textContent = game.title;
      $("game").appendChild(option);
    }
    $("game").addEventListener("change", () => { state.game = state.games.find((g) => g.name === $("game").value); showRules(); });
    showRules();
    const kept = sessionStorage.getItem(SEAT_KEY);
    if (kept) {
      try {
        const seat = JSON.parse(kept);
        Object.assign(state, { code: seat.code, token: seat.token, name: seat.name });
        connect(resumeHello);
      } catch (e) { sessionStorage.removeItem(SEAT_KEY); }
    }
  }

  // The host's rules, as the room's game offers them (the page knows no game: /games says).
  function showRules() {
    const box = $("house-rules");
    for (const p of box.querySelectorAll("p")) p.remove();
    for (const rule of state.game.rules) {
      const p = document.createElement("p");
      const input = document.createElement("input");
      input.type = "checkbox"; input.id = `rule-${rule.name}`; input.value = rule.name;
      input.checked = state.houseRules.includes(rule.name);
      input.addEventListener("change", () => send({ type: "house_rule", rule: rule.name, on: input.checked }));
      const label = document.createElement("label");
      label.htmlFor = input.id; label.textContent = `${rule.name.replaceAll("-", " ")}: ${rule.help}`;
      p.append(input, label);
      box.appendChild(p);
    }
  }

  Promise.all([fetch("/protocol.json").then((r) => r.json()), fetch("/games").then((r) => r.json())])
    .then(([schema, games]) => { state.schema = schema; state.games = games; state.game = games[0]; start(); });
})();
