import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../../../core/paths/project-root.js';

/**
 * The labelled development datasets the evaluation, the trainers and some benchmarks read. They
 * are not part of the repository: `PORTCULLIS_DATASETS` names their folder, else a
 * `shared/datasets` folder beside the checkout is used.
 */
export const DATASETS_DIR = resolve(process.env.PORTCULLIS_DATASETS ?? join(PROJECT_ROOT, '../shared/datasets'));
