// The offline keeper: the match played in the page (keeperEngine.step), kept on the phone after every
// answer (keeperStore), the last result first as on the server's keeper page: the board, what the last
// answer did, what is asked (a pad: keeper-offline-pad.js, or typed), undo, and finish. Where the next
// player may not see the last one's secret (a card and a pick made in secret), the board and the ask
// stay covered until that player taps, as on the server's page. A finished match waits on the phone
// until keeper-sync.js saves it to the league (on its own when a keeper page opens online, or at a tap).
(function () {
  "use strict";
  var store = window.keeperStore;
  var engine = window.keeperEngine;
  var pads = window.keeperPad;
  var $ = function (id) { return document.getElementById(id); };
  var current = null;   // the kept match on the screen
  var step = null;      // the engine's step for it
  var games = null;
  var busy = false;     // an answer or an undo is being played: another tap meanwhile is dropped

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
    var handed = last && last.handed ? last.handed : "";
    $("o-play").hidden = false;
    $("o-start").hidden = true;
    $("o-title").textContent = current.title || current.engine.game;
    // another side's secret is pending: the board and the ask stay covered until the next player taps
    $("o-pass").hidden = !handed;
    $("o-pass-to").textContent = handed;
    $("o-pass-who").textContent = handed;
    show("o-board", handed ? "" : lines(step.board).join("\n"));
    $("o-form").hidden = !!handed;
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
    $("o-another").hidden = !over || (current.status !== "finished" && current.status !== "saved");
    if (over) {
      $("o-summary").textContent = step.summary || (step.record && step.record.result && step.record.result.summary) || "The match is over.";
      $("o-kept-line").textContent = current.status === "saved" ? "Saved to the league." : current.status === "finished" ?
        "Kept on this phone: saved to the league when the organiser is signed in here and the server answers." :
        "Tap Finish to keep it for the league, or take the last answer back.";
    }
    $("o-whose").textContent = need ? "Turn: " + (need.side || "the table") : "";
    $("o-ask").textContent = pads.ask(need);
    show("o-die-word", pads.dieWord(need) ? "This die: " + pads.dieWord(need) : "");
    show("o-note", need && need.note ? need.note : "");
    $("o-roll").hidden = !need || (need.kind !== "roll" && need.kind !== "card");
    $("o-roll").textContent = need && need.kind === "card" ? "Draw for me" : "Roll for me";
    $("o-answer").placeholder = !need ? "" : need.kind === "roll" ? "1 to " + need.sides :
      need.kind === "card" ? "QH, 10S..." : String((need.options || [""])[0]);
    pads.draw($("o-pad"), need, enter, function (text) { show("o-error", text); });
  }

  function keep() { return store.put(current).then(listKept); }  // the list below says how far it is

  function answerOf(step) { return step && step.need ? step.need.purpose || "the answer" : "the answer"; }

  function typed(text) {
    // a roll's answer holds one or more faces (3 5); a card or a choice is the whole answer ('High Spot')
    var need = step && step.need;
    if (need && need.kind !== "roll") { return text.trim() ? [text.trim()] : []; }
    return text.trim().split(/[\s,]+/).filter(Boolean);
  }

  function enter(tokens) {
    if (!tokens.length || !step || !step.need || busy) { return Promise.resolve(); }
    var need = step.need;
    var asked = answerOf(step);
    var before = lines(step.narration).length;
    var held = flat(current.groups).length;
    busy = true;
    return play(current.groups.concat([tokens])).then(function (next) {
      if (next.error) { render({error: next.error}); return; }
      // the answer as the rules keep it (qh is QH, a choice's name its option), as the server's keeper keeps it
      var kept = next.entries ? next.entries.slice(held) : tokens;
      var groups = current.groups.concat([kept]);
      var side = next.need ? next.need.side : null;
      var handed = side && need.side && side !== need.side && next.secret ? side : "";
      current.groups = groups;
      current.seeds = current.seeds.concat([null]);
      current.offline = true;
      current.engine.entries = flat(groups);
      current.record = next.record || null;
      current.recordText = next.record_text || null;  // the record as the server writes it, byte for byte
      step = next;
      $("o-answer").value = "";
      return keep().then(function () {
        render({entered: handed ? need.side + "'s answer (kept from " + handed + " until the reveal)" :
          asked + ": " + kept.join(" "), lines: lines(next.narration).slice(before), handed: handed});
      });
    }, function (error) { render({error: error.message}); }).then(function () { busy = false; });
  }

  function undo() {
    if (!current.groups.length || busy) { return Promise.resolve(); }
    var groups = current.groups.slice(0, -1);
    var was = step;
    busy = true;
    return play(groups).then(function (back) {
      current.groups = groups;
      current.seeds = current.seeds.slice(0, groups.length);
      current.engine.entries = flat(groups);
      current.record = null;
      current.recordText = null;
      current.offline = true;
      if (current.status === "finished") { current.status = "playing"; }
      step = back;
      var owner = back.need ? back.need.side : null;
      if (was.secret && owner && was.need && was.need.side && owner !== was.need.side) {
        // another side's secret answer: not shown to the player holding the device, covered until its owner taps
        return keep().then(function () {
          render({entered: "", lines: ["Took back " + owner + "'s last answer (not shown: " + owner + "'s secret)"],
            handed: owner});
        });
      }
      return keep().then(function () { render({entered: "", lines: ["Took back the answer to: " + answerOf(back)]}); });
    }, function (error) { render({error: error.message}); }).then(function () { busy = false; });
  }

  function random(n) {
    var one = new Uint32Array(1);
    window.crypto.getRandomValues(one);
    return one[0] % n;
  }

  function draw() {
    // a card drawn on the phone: the 52 codes in a random order, the first the rules take (only the
    // engine knows which cards are still in the pile), entered as its tap would be
    var need = step.need;
    var codes = [];
    pads.RANKS.forEach(function (rank) { "CDHS".split("").forEach(function (suit) { codes.push(rank + suit); }); });
    for (var i = codes.length - 1; i > 0; i--) {
      var j = random(i + 1);
      var swap = codes[i];
      codes[i] = codes[j];
      codes[j] = swap;
    }
    busy = true;
    var pick = function (at) {
      if (at >= codes.length) { return Promise.resolve(null); }
      return play(current.groups.concat([[codes[at]]])).then(function (next) { return next.error ? pick(at + 1) : codes[at]; });
    };
    return pick(0).then(function (code) {
      busy = false;
      if (!code) { render({error: "no card is left to draw for '" + need.purpose + "'"}); return null; }
      return enter([code]);
    }, function (error) { busy = false; render({error: error.message}); });
  }

  function roll() {
    var need = step && step.need;
    if (need && need.kind === "card" && !busy) { return draw(); }
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
      return enter(typed(answer));
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
        var onScreen = current && current.key === m.key && !$("o-play").hidden;
        if (m.status === "playing" && m.engine && m.engine.sides && !onScreen) {
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
          if (game.player_kinds.length > 1) {  // who makes this side's choices, as on the server's form
            var who = document.createElement("label");
            who.htmlFor = "o-player-" + i;
            who.textContent = "Choices for " + game.side_word + " " + i;
            var kinds = document.createElement("select");
            kinds.id = "o-player-" + i;
            game.player_kinds.forEach(function (kind) {
              var k = document.createElement("option");
              k.value = kind;
              k.textContent = kind;
              kinds.appendChild(k);
            });
            var line = document.createElement("div");
            line.className = "field";
            line.appendChild(who);
            line.appendChild(kinds);
            box.appendChild(line);
          }
        }
        $("o-options").placeholder = game.options.map(function (o) { return o.name + "=" + o["default"]; }).slice(0, 2).join(", ");
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
    var players = {};
    for (var i = 1; i <= game.min_sides; i++) {
      var id = $("o-side-" + i).value;
      var kind = $("o-player-" + i) ? $("o-player-" + i).value : game.player_kinds[0];
      chosen.push(game.samples.filter(function (s) { return s.id === id; })[0].side);
      state.push(["side-" + i, id], ["player-" + i, kind]);
      if (kind !== game.player_kinds[0]) { players[String(i - 1)] = kind; }
    }
    // name=value pairs, one a line or split by commas, as the server's form reads them (the rules check them)
    var text = $("o-options").value;
    var options = {};
    var wrong = [];
    text.split(/[\n,]+/).map(function (p) { return p.trim(); }).filter(Boolean).forEach(function (pair) {
      var at = pair.indexOf("=");
      var name = pair.slice(0, Math.max(at, 0)).trim().replace(/-/g, "_");
      if (at > 0 && name) { options[name] = pair.slice(at + 1).trim(); } else { wrong.push(pair); }
    });
    if (wrong.length) {
      show("o-start-error", "Write each option as name=value (rounds=10): " + wrong.join(", "));
      return Promise.resolve();
    }
    var kept = {key: store.newKey(), match: "offline-" + store.newKey().slice(1, 17), offline: true, status: "playing",
      game: game.id, title: game.name, groups: [], seeds: [], state: state.concat([["options", text]]),
      engine: {game: game.id, sides: chosen, options: options, players: players, entries: []}};
    show("o-start-error", "");
    current = kept;
    // the rules check the setup (the options' values) before anything is kept
    return play([]).then(function (first) {
      if (first.error) { current = null; show("o-start-error", first.error); return null; }
      return store.put(kept).then(function () { return open(kept, null); }).then(listKept);
    }, function (error) { current = null; fatal("The engine in the page did not answer: " + error.message); });
  }

  $("o-form").addEventListener("submit", function (event) {
    event.preventDefault();
    enter(typed($("o-answer").value));
  });
  $("o-pass").addEventListener("click", function () { render(null); });
  $("o-another").addEventListener("click", function () {
    $("o-play").hidden = true;
    $("o-start").hidden = false;
    $("o-start").scrollIntoView();
  });
  $("o-send").addEventListener("click", function () {
    show("kept-status", "Saving the kept matches to the league...");
    return window.keeperSync.send().then(function (result) {
      if (result.waiting < 0) { show("kept-status", "The server did not answer: the matches stay kept on this phone."); }
      else if (!result.sent && result.organiser !== false) { show("kept-status", "Nothing is waiting to be saved."); }
      return listKept();
    });
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
