/** The rule texts the built-in variants cite (rules.md, header). */
import { Source } from './variant-definition.js';

export const SPEC: Source = {
  name: 'rules.md',
  note: "The project's normative rules specification, restated in docs/rules.md; it wins where sources disagree.",
};
export const SEED_000: Source = {
  name: 'seed 000',
  note: "Russian text on Unst Alea Evangelii (Sten Helmfrid's reconstruction): commanders, Linnaean capture, shieldwall, exit fort, encirclement.",
};
export const SEED_001: Source = {
  name: 'seed 001',
  note: 'English text "Alea evangelii (game)": castle and 2×2 citadels, unarmed king, escape to the edge when all corners are blocked, passing.',
};
export const SEED_002: Source = {
  name: 'seed 002',
  note: 'German text on Alea Evangelii (cyningstan reconstruction) with the 19×19 layout diagram used by the Alea variants.',
};
export const SEED_003: Source = {
  name: 'seed 003',
  note: "Russian text on Fetlar Hnefatafl (Julianos' scriptorium): layout, throne and corner rules, king capture, repetition.",
};
export const AN_CPH: Source = {
  name: 'AN-CPH',
  note: 'Copenhagen Hnefatafl rules as played on aagenielsen.dk (the reference modern ruleset).',
  url: 'http://aagenielsen.dk/copenhagen_rules.php',
};
export const FET_2013: Source = {
  name: 'FET-2013',
  note: 'Rules of the 2013 Fetlar world championship (Fetlar Hnefatafl Panel): the king is not captured on the edge.',
};
export const OPENTAFL: Source = {
  name: 'OpenTafl',
  note: 'The OpenTafl project (jslater89/OpenTafl): rules-string notation and its built-in variants.',
  url: 'https://github.com/jslater89/OpenTafl',
};
export const RS: Source = {
  name: 'RS',
  note: 'The hnefatafl-rs crate (bunburya), whose presets recorded the Brandubh games of aagenielsen.dk.',
  url: 'https://github.com/bunburya/hnefatafl-rs',
};
export const OPENTAFL_SEA_BATTLE: Source = {
  name: 'OpenTafl Sea Battle',
  note: 'The Sea Battle 9×9 example of the OpenTafl notation specification (opentafl-notation-spec.txt section 3: "escape to the edges, king unarmed, center and corners not hostile"), the rules of OpenTafl\'s SeaBattle preset: no special squares, strong unarmed king, edge escape, surrounding fatal, threefold repetition a draw.',
  url: 'https://github.com/jslater89/OpenTafl/blob/master/opentafl-notation-spec.txt',
};
export const OPENTAFL_TAWLBWRDD: Source = {
  name: 'OpenTafl Tawlbwrdd',
  note: "OpenTafl's Tawlbwrdd 11×11 preset (rules/tawlbwrdd/Tawlbwrdd.java): no special squares, armed king captured like a soldier, edge escape, surrounding fatal, threefold repetition a draw, attackers first; the Bell layout of the notation specification's examples. The rules string is the one OpenTafl's rules serializer writes for it.",
  url: 'https://github.com/jslater89/OpenTafl/tree/master/src/com/manywords/softworks/tafl/rules/tawlbwrdd',
};
export const OPENTAFL_BRANDUB: Source = {
  name: 'OpenTafl Brandub',
  note: "OpenTafl's Brandub 7×7 preset (rules/brandub/Brandub.java): a weak armed king, corners hostile to every piece and only the king may stop on them, a throne hostile to nobody that only the king may stop on, corner escape, surrounding not fatal, threefold repetition a draw, attackers first. The rules string is the one OpenTafl's rules serializer writes for it (as its own tests load it).",
  url: 'https://github.com/jslater89/OpenTafl/tree/master/src/com/manywords/softworks/tafl/rules/brandub',
};
export const OPENTAFL_MAGPIE: Source = {
  name: 'OpenTafl Magpie',
  note: "OpenTafl's Magpie 7×7 preset (rules/brandub/Magpie.java, a Brandub whose king moves one square at a time, getTaflmanSpeedLimit, and is captured on all his sides on the board, KING_MIDDLEWEIGHT; rules/Variants.java lists it). The rules string is the one OpenTafl's rules serializer writes for it, which is also what every OpenTafl record of a Magpie game carries and reloads (GameSerializer reads rules strings with RulesSerializer).",
  url: 'https://github.com/jslater89/OpenTafl/blob/master/src/com/manywords/softworks/tafl/rules/brandub/Magpie.java',
};

export const OPENTAFL_FOTEVIKEN_TABLUT: Source = {
  name: 'OpenTafl Foteviken Tablut',
  note: "OpenTafl's Foteviken Tablut 9×9 preset (rules/tablut/FotevikenTablut.java: Tablut's board without corners, the attackers' sixteen start squares as attacker forts that no piece may enter from outside, edge escape; rules/Variants.java lists it). The rules string is the one OpenTafl's rules serializer writes for it, which is what every OpenTafl record of a Foteviken game carries and reloads.",
  url: 'https://github.com/jslater89/OpenTafl/blob/master/src/com/manywords/softworks/tafl/rules/tablut/FotevikenTablut.java',
};

export const OPENTAFL_COPENHAGEN_RELAXED: Source = {
  name: 'OpenTafl Copenhagen (relaxed shieldwall)',
  note: 'OpenTafl\'s "Copenhagen 11x11 (relaxed shieldwall variant)" preset (rules/copenhagen/Copenhagen.java, newCopenhagen11RelaxedShieldwall: allowFlankingShieldwallCapturesOnly false; rules/Variants.java lists it). The rules string is the one OpenTafl\'s rules serializer writes for it.',
  url: 'https://github.com/jslater89/OpenTafl/blob/master/src/com/manywords/softworks/tafl/rules/copenhagen/Copenhagen.java',
};

export const OPENTAFL_FETLAR: Source = {
  name: 'OpenTafl Fetlar',
  note: "OpenTafl's Fetlar 11×11 preset (rules/fetlar/Fetlar.java; rules/Variants.java lists it). The rules string is the one OpenTafl's rules serializer writes for it.",
  url: 'https://github.com/jslater89/OpenTafl/tree/master/src/com/manywords/softworks/tafl/rules/fetlar',
};

export const OPENTAFL_BERSERK: Source = {
  name: 'OpenTafl Berserk',
  note: "OpenTafl's Berserk 11×11 preset (rules/berserk/Berserk.java; rules/Variants.java lists it). The rules string is the one OpenTafl's rules serializer writes for it.",
  url: 'https://github.com/jslater89/OpenTafl/tree/master/src/com/manywords/softworks/tafl/rules/berserk',
};

export const OPENTAFL_TABLUT: Source = {
  name: 'OpenTafl Tablut',
  note: "OpenTafl's Tablut 9×9 preset (rules/tablut/Tablut.java; rules/Variants.java lists it). The rules string is the one OpenTafl's rules serializer writes for it.",
  url: 'https://github.com/jslater89/OpenTafl/blob/master/src/com/manywords/softworks/tafl/rules/tablut/Tablut.java',
};
