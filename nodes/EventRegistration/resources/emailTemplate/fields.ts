import type { INodeProperties } from 'n8n-workflow';

import { idLocator } from '../../../shared/ids';

export const templateProperty: INodeProperties = idLocator('template');
