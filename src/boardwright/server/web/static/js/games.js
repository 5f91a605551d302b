// Each game's renderer: render(container, state, context) draws the board from the state
// message; preview(container, option) shows what an option would do (null: nothing).
import * as realm from "./realm.js";
import * as runebound from "./runebound.js";

export const renderers = {
  "realm-of-sand": realm,
  runebound,
};
