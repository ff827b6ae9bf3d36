// The offline keeper: the match played in the page (keeperEngine.step), kept on the phone after every
// answer (keeperStore), the last result first as on the server's keeper page: the board, what the last
// answer did, what is asked (a pad, or typed), undo, and finish. A finished match waits on the phone
// until keeper-sync.js saves it to the league.
(function () {
  "use strict";
  var store = window.keeperStore;
  var engine = window.keeperEngine;
  var $ = function (id) { return document.getElementById(id); };
  var current = null;   // the kept match on the screen
  var step = null;      // the engine's step for it
  var games = null;

  function show(id, text) {
    var el = $(id);
    el.hidden = !text;
    el.textContent = text || "";
  }

  function fatal(text) { show("o-fatal", text); }

  function flat(groups) { return groups.reduce(function (all, g) { return all.concat(g); }, []); }

  function play(groups) {
    var match = {};
    Object.keys(current.engine).forEach(function (k) { match[k] = current.engine[k]; });
    match.entries = flat(groups);
    return engine.step(match);
  }

  function lines(value) { return Array.isArray(value) ? value : (value ? String(value).split("\n") : []); }

  function render(last) {
    var need = step.need || null;
    $("o-play").hidden = false;
    $("o-start").hidden = true;
    $("o-title").textContent = current.title || current.engine.game;
    show("o-board", lines(step.board).join("\n"));
    show("o-entered", last && last.entered ? "Entered " + last.entered : "");
    show("o-last-lines", last && last.lines ? last.lines.join("\n") : "");
    show("o-error", last && last.error ? last.error : "");
    $("o-narration").textContent = lines(step.narration).join("\n");
    $("o-count").textContent = current.groups.length + " answers entered.";
    $("o-undo").disabled = current.groups.length === 0;
    var over = !need;
    $("o-result").hidden = !over;
    $("o-typed").hidden = over;
    $("o-finish").hidden = !over || current.status === "finished" || current.status === "saved";
    if (over) {
      $("o-summary").textContent = step.summary || (step.record && step.record.result && step.record.result.summary) || "The match is over.";
      $("o-kept-line").textContent = current.status === "saved" ? "Saved to the league." : current.status === "finished" ?
        "Kept on this phone: saved to the league when the organiser is signed in here and the server answers." :
        "Tap Finish to keep it for the league, or take the last answer back.";
    }
    $("o-whose").textContent = need ? "Turn: " + (need.side || "the table") : "";
    $("o-ask").textContent = need ? (need.ask || need.purpose || "") : "";
    show("o-note", need && need.note ? need.note : "");
    $("o-roll").hidden = !need || need.kind !== "roll";
    var pad = $("o-pad");
    pad.textContent = "";
    var keys = [];
    if (need && need.kind === "roll") { for (var f = 1; f <= (need.sides || 6); f++) { keys.push(String(f)); } }
    if (need && need.kind === "choice") { keys = (need.options || []).map(String); }
    pad.className = "keeper-pad pad-cols-" + Math.min(keys.length || 1, need && need.kind === "roll" ? 6 : 2);
    keys.forEach(function (value, i) {
      var key = document.createElement("button");
      key.type = "button";
      key.className = "pad-key";
      key.id = "o-tap-" + (i + 1);
      key.dataset.value = value;
      key.textContent = value;
      key.addEventListener("click", function () { enter([value]); });
      pad.appendChild(key);
    });
  }

  function keep() { return store.put(current); }

  function answerOf(step) { return step && step.need ? step.need.purpose || "the answer" : "the answer"; }

  function enter(tokens) {
    if (!tokens.length || !step || !step.need) { return Promise.resolve(); }
    var asked = answerOf(step);
    var before = lines(step.narration).length;
    var groups = current.groups.concat([tokens]);
    return play(groups).then(function (next) {
      if (next.error) { render({error: next.error}); return; }
      current.groups = groups;
      current.seeds = current.seeds.concat([null]);
      current.offline = true;
      current.engine.entries = flat(groups);
      current.record = next.record || null;
      current.recordText = next.record_text || null;  // the record as the server writes it, byte for byte
      step = next;
      $("o-answer").value = "";
      return keep().then(function () {
        render({entered: asked + ": " + tokens.join(" "), lines: lines(next.narration).slice(before)});
      });
    }, function (error) { render({error: error.message}); });
  }

  function undo() {
    if (!current.groups.length) { return Promise.resolve(); }
    var groups = current.groups.slice(0, -1);
    return play(groups).then(function (back) {
      current.groups = groups;
      current.seeds = current.seeds.slice(0, groups.length);
      current.engine.entries = flat(groups);
      current.record = null;
      current.recordText = null;
      current.offline = true;
      if (current.status === "finished") { current.status = "playing"; }
      step = back;
      return keep().then(function () { render({entered: "", lines: ["Took back the answer to: " + answerOf(back)]}); });
    }, function (error) { render({error: error.message}); });
  }

  function roll() {
    var need = step && step.need;
    if (!need || need.kind !== "roll") { return Promise.resolve(); }
    var faces = new Uint32Array(need.wanted || 1);
    window.crypto.getRandomValues(faces);
    return enter(Array.prototype.map.call(faces, function (n) { return String(1 + (n % (need.sides || 6))); }));
  }

  function finish() {
    current.status = "finished";
    return keep().then(function () { render(null); listKept(); return window.keeperSync && window.keeperSync.send(); });
  }

  function open(kept, tap) {
    current = kept;
    current.seeds = current.seeds || current.groups.map(function () { return null; });
    return play(current.groups).then(function (now) {
      step = now;
      render(null);
      if (!tap) { return; }
      var get = function (name) {
        var hit = tap.fields.filter(function (p) { return p[0] === name; })[0];
        return hit ? hit[1] : "";
      };
      var action = get("action") || "enter";
      if (action === "undo") { return undo(); }
      if (action === "roll") { return roll(); }
      if (action === "start") { return; }
      var answer = get("tap") || (get("suit") ? get("rank") + get("suit") : "") || get("answer");
      return enter(answer.trim().split(/[\s,]+/).filter(Boolean));
    }).catch(function (error) { fatal("The engine in the page did not answer: " + error.message); });
  }

  function listKept() {
    return store.all().then(function (list) {
      var ul = $("o-kept-list");
      ul.textContent = "";
      list = list.filter(function (m) { return m.offline; });
      list.sort(function (a, b) { return b.at - a.at; });
      if (!list.length) {
        var none = document.createElement("li");
        none.className = "muted";
        none.textContent = "None.";
        ul.appendChild(none);
      }
      list.forEach(function (m) {
        var li = document.createElement("li");
        li.dataset.key = m.key;
        li.dataset.status = m.status;
        var word = {playing: "being played", finished: "waiting to be saved", saved: "saved to the league",
          refused: "refused by the league: " + (m.problems || []).join("; ")}[m.status] || m.status;
        li.textContent = (m.title || m.game) + ", " + m.groups.length + " answers: " + word + " ";
        if (m.status === "playing" && m.engine && m.engine.sides) {
          var go = document.createElement("button");
          go.type = "button";
          go.className = "secondary";
          go.textContent = "Carry on";
          go.addEventListener("click", function () { open(m, null); });
          li.appendChild(go);
        }
        ul.appendChild(li);
      });
    });
  }

  function startForm() {
    return fetch("/keeper/offline.json").then(function (r) { return r.json(); }).then(function (data) {
      games = data.games;
      var pick = $("o-game");
      games.forEach(function (g) {
        var o = document.createElement("option");
        o.value = g.id;
        o.textContent = g.name;
        pick.appendChild(o);
      });
      var sides = function () {
        var game = games.filter(function (g) { return g.id === pick.value; })[0];
        var box = $("o-sides");
        box.textContent = "";
        for (var i = 1; i <= game.min_sides; i++) {
          var label = document.createElement("label");
          label.htmlFor = "o-side-" + i;
          label.textContent = game.side_word + " " + i;
          var sel = document.createElement("select");
          sel.id = "o-side-" + i;
          game.samples.forEach(function (s, j) {
            var o = document.createElement("option");
            o.value = s.id;
            o.textContent = s.id + ": " + s.summary;
            o.selected = j === (i - 1) % game.samples.length;
            sel.appendChild(o);
          });
          var field = document.createElement("div");
          field.className = "field";
          field.appendChild(label);
          field.appendChild(sel);
          box.appendChild(field);
        }
      };
      pick.addEventListener("change", sides);
      sides();
      $("o-start").hidden = false;
    }).catch(function () { return null; });
  }

  function startNew(event) {
    event.preventDefault();
    var game = games.filter(function (g) { return g.id === $("o-game").value; })[0];
    var chosen = [];
    var state = [["game", game.id]];
    for (var i = 1; i <= game.min_sides; i++) {
      var id = $("o-side-" + i).value;
      chosen.push(game.samples.filter(function (s) { return s.id === id; })[0].side);
      state.push(["side-" + i, id], ["player-" + i, game.player_kinds[0]]);
    }
    var kept = {key: store.newKey(), match: "offline-" + store.newKey().slice(1, 17), offline: true, status: "playing",
      game: game.id, title: game.name, groups: [], seeds: [], state: state.concat([["options", ""]]),
      engine: {game: game.id, sides: chosen, options: {}, players: {}, entries: []}};
    return store.put(kept).then(function () { return open(kept, null); }).then(listKept);
  }

  $("o-form").addEventListener("submit", function (event) {
    event.preventDefault();
    enter($("o-answer").value.trim().split(/[\s,]+/).filter(Boolean));
  });
  $("o-undo").addEventListener("click", undo);
  $("o-roll").addEventListener("click", roll);
  $("o-finish").addEventListener("click", finish);
  $("o-start").addEventListener("submit", startNew);

  // the tap the service worker could not send, or else the start form and the kept matches
  store.takeHandoff().then(function (tap) {
    var posted = tap ? store.fromFields(tap.fields) : null;
    if (tap && !posted) { fatal("That page held no match to carry on here: start one here, or carry on a kept one."); }
    if (!posted) { return null; }
    return store.byMatch(posted.match).then(function (kept) {
      // the match kept already (it went offline before) is carried on when it is as far on as the tap's page
      var mine = kept && kept.status === "playing" && kept.groups.length >= posted.groups.length ? kept : posted;
      mine.title = mine.title || mine.game;
      return store.put(mine).then(function () { return open(mine, tap); });
    });
  }).then(function () { return Promise.all([listKept(), current ? null : startForm()]); })
    .catch(function (error) { fatal("This phone's store of matches could not be read: " + error.message); });
  document.addEventListener("keeper-sent", function () { listKept(); });
}());
