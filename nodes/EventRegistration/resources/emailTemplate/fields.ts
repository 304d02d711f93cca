import type { INodeProperties } from 'n8n-workflow';

import { emailTemplateLocator } from '../../../shared/ids';

export const templateProperty: INodeProperties = emailTemplateLocator();
