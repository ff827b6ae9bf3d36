// The offline keeper's pads, drawn as the server's keeper draws them (web/keeper/pads.py): a roll's
// faces as buttons (with what each face picks, where the game names them), a card as a rank and then
// a suit (the suit enters the card), a choice as one button an option (its name as people say it big,
// the option's word small). keeperPad.draw(box, need, enter) fills box; a tap calls enter([token]).
(function () {
  "use strict";
  var RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  var SUITS = [["C", "clubs", "\u2663"], ["D", "diamonds", "\u2666"], ["H", "hearts", "\u2665"], ["S", "spades", "\u2660"]];
  var MAX_FACES = 20;  // a bigger die (none of the games rolls one) is typed

  function columns(sides, named) {
    if (named) { return sides <= 6 || sides === 9 ? 3 : 4; }
    if (sides <= 6) { return sides; }
    if (sides <= 8) { return 4; }
    return sides <= 12 ? 6 : 5;
  }

  function grid(tag, cols, kind) {
    var el = document.createElement(tag);
    el.className = "keeper-pad pad-cols-" + cols + (kind ? " pad-" + kind : "");
    return el;
  }

  function button(id, value, text, small, enter) {
    var key = document.createElement("button");
    key.type = "button";
    key.className = "pad-key";
    key.id = id;
    key.dataset.value = value;
    key.textContent = text;
    if (small) {
      var line = document.createElement("small");
      line.textContent = small;
      key.appendChild(line);
    }
    if (enter) { key.addEventListener("click", function () { enter([value]); }); }
    return key;
  }

  function meanings(need) {
    var faces = need.faces || [];
    if (!faces.length) { return []; }
    var out = faces.slice();
    while (out.length < need.sides) { out.push("roll again"); }
    return out;
  }

  function rolls(box, need, enter) {
    if ((need.sides || 6) > MAX_FACES) { return; }
    var named = meanings(need);
    var pad = grid("div", columns(need.sides || 6, named.length > 0), "roll");
    pad.id = "o-faces";
    for (var f = 1; f <= (need.sides || 6); f++) {
      pad.appendChild(button("o-tap-" + f, String(f), String(f), named[f - 1] || "", enter));
    }
    box.appendChild(pad);
  }

  function cards(box, need, enter, problem) {
    var ranks = grid("fieldset", 5);
    ranks.id = "o-ranks";
    var legend = document.createElement("legend");
    legend.textContent = "Rank";
    ranks.appendChild(legend);
    RANKS.forEach(function (rank) {
      var label = document.createElement("label");
      label.className = "pad-key pad-radio";
      var input = document.createElement("input");
      input.type = "radio";
      input.name = "o-rank";
      input.value = rank;
      input.id = "o-rank-" + rank;
      var text = document.createElement("span");
      text.textContent = rank;
      label.appendChild(input);
      label.appendChild(text);
      ranks.appendChild(label);
    });
    var suits = grid("div", 4);
    suits.id = "o-suits";
    suits.setAttribute("role", "group");
    suits.setAttribute("aria-label", "Suit (enters the card)");
    SUITS.forEach(function (suit) {
      var key = button("o-suit-" + suit[0], suit[0], suit[2], suit[1], null);
      key.classList.add("suit-" + suit[0]);
      key.addEventListener("click", function () {
        var picked = ranks.querySelector("input:checked");
        if (!picked) { problem("Pick the card's rank first, then its suit."); return; }
        enter([picked.value + suit[0]]);
      });
      suits.appendChild(key);
    });
    box.appendChild(ranks);
    box.appendChild(suits);
  }

  function choices(box, need, enter) {
    var options = (need.options || []).map(String);
    var labels = need.labels || [];
    var pad = grid("div", options.length > 1 ? 2 : 1, "choice");
    pad.id = "o-choices";
    pad.setAttribute("role", "group");
    pad.setAttribute("aria-label", need.purpose || "choose one");
    options.forEach(function (option, i) {
      var label = labels[i] || option;
      pad.appendChild(button("o-tap-" + (i + 1), option, label, label !== option ? option : "", enter));
    });
    box.appendChild(pad);
  }

  // the pad for need (nothing for none); problem(text) says what a tap lacks (a card's rank)
  function draw(box, need, enter, problem) {
    box.textContent = "";
    if (!need) { return; }
    if (need.kind === "roll") { rolls(box, need, enter); }
    if (need.kind === "card") { cards(box, need, enter, problem); }
    if (need.kind === "choice") { choices(box, need, enter); }
  }

  function dieWord(need) {
    var given = (need && need.given) || [];
    return need && need.kind === "roll" && need.dice && given.length < need.dice.length ? need.dice[given.length] : "";
  }

  // the ask as the pad's heading (web/keeper/pads.py's ask_line), from the engine's JSON alone
  function ask(need) {
    if (!need) { return ""; }
    if (need.ask) { return need.ask; }
    if (need.kind === "choice") { return need.purpose + ": choose one"; }
    if (need.kind === "card") { return need.purpose + ": draw a card and enter its code"; }
    var given = need.given || [];
    var text = need.purpose + ": roll " + need.count + "d" + need.sides;
    if (need.count > 1) {
      text += " (die " + (given.length + 1) + " of " + need.count + (dieWord(need) ? ": " + dieWord(need) : "") +
        (given.length ? "; entered so far: " + given.join(" ") : "") + ")";
    }
    return text;
  }

  window.keeperPad = {draw: draw, ask: ask, dieWord: dieWord, RANKS: RANKS};
}());
