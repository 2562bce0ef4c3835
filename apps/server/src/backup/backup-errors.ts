/**
 * A backup or a restore refused before it wrote anything, or a check that failed after: its
 * message says what and what to do, and is all the operator needs (no stack).
 */
export class BackupRefusal extends Error {}

/** Not a backup file, or a damaged one. */
export class BackupFileError extends BackupRefusal {}
