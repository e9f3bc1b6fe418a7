/**
 * The security suite's one line per finding: the attack that was tried and what the shop answered,
 * so a reader of the test output sees every closed hole without opening the specs.
 */
export const reportFinding = (finding: string, attack: string, answer: string): void => {
  console.log(`[security] ${finding} | attack: ${attack} | answer: ${answer}`);
};
