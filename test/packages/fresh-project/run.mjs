// Runs the compiled full game against the service at argv[2] and prints its report as JSON.
import { playFullGame } from './full-game.js';

const report = await playFullGame(process.argv[2]);
console.log(JSON.stringify(report));
