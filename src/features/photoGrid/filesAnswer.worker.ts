/*
 * The files-answer worker: a large GET /jobs/{id}/files answer is parsed and checked here, off
 * the main thread (issue 34.10). One JSON.parse of a day of 70,000 files (an import whose files
 * carry no capture date share one day) held the main thread for 60 to 90 ms, and the answer has
 * no pages (SPEC §7: start and end only). The main thread takes the checked files a slice a
 * message, each slice a task of its own.
 */
import { expose } from 'comlink';
import { filesAnswerApi } from './filesAnswerApi';

expose(filesAnswerApi());
