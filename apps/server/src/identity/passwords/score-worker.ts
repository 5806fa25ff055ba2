// Runs inside a piscina worker thread, never on the event loop: a zxcvbn check takes 0.3–2 s of CPU (its
// Levenshtein pass over every dictionary). Loaded by plain Node (type stripping), so this file and what it
// imports must stay erasable TypeScript.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

export type ScoreTask = { password: string; userInputs: string[] };
export type ScoreVerdict = { score: number; warning: string; suggestions: string[] };

const zxcvbn = new ZxcvbnFactory({
  translations: en.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...en.dictionary },
  useLevenshteinDistance: true,
});

/** zxcvbn's score and feedback for one password (already cut to the scored prefix by the caller). */
export default function score(task: ScoreTask): ScoreVerdict {
  const result = zxcvbn.check(task.password, task.userInputs);
  return { score: result.score, warning: result.feedback.warning ?? '', suggestions: result.feedback.suggestions };
}
