/** A mistake in the command line: the operator is told what, and the exit status is 2. */
export class UsageError extends Error {}
