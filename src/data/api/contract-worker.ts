// The worker the page checks its answers in (./contract-check.ts): the whole contract, built here
// once whichever answers come, never on the page's main thread.
import * as Contract from '../../../core/contract/index';
import { answerCheck, type CheckAnswer, type CheckRequest } from './contract-check';

const scope = self as unknown as { onmessage: ((event: MessageEvent<CheckRequest>) => void) | null; postMessage(answer: CheckAnswer): void };
scope.onmessage = (event) => scope.postMessage(answerCheck(Contract, event.data));
