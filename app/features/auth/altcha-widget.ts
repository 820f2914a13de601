/**
 * The ALTCHA widget, loaded only on the sign-up form: its strict-CSP build
 * (no inline styles or workers) with the one algorithm the server uses.
 */
import "altcha/external";
import "altcha/altcha.css";
import ShaWorker from "altcha/workers/sha?worker";

$altcha.algorithms.set("SHA-256", () => new ShaWorker());
