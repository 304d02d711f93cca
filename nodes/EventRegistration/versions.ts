/**
 * Version 1.1: a model calling the node gets Simplified output, a first page of 20 and lists with a
 * "more" notice; Form → Update's Add Field offers Existing Field or New Field (a new field starts at Text).
 */
export const VERSION_1_1 = 1.1;

/** The node's versions, oldest first. */
export const NODE_VERSIONS = [1, VERSION_1_1];
