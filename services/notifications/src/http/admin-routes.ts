import {
  notificationMessages,
  ZEmailKindParam,
  ZEmailTemplateInput,
  ZSystemSettingsInput,
} from '@meritmatch/contracts';
import { type AppEnv, validate } from '@meritmatch/service-kit';
import { Hono } from 'hono';
import type { Settings } from '../use-cases/settings';
import { checkTemplate, previewOf, type Templates } from '../use-cases/templates';
import { toSettingsView, toTemplateView } from './views';

/** `/api/admin/email-templates`: the list, one template, saving one, and a preview with sample data. */
export const templateRoutes = ({ templates, settings }: { templates: Templates; settings: Settings }) =>
  new Hono<AppEnv>()
    .get('/', async (c) => c.json({ templates: (await templates.list()).map(toTemplateView) }))
    .get('/:kind', validate('param', ZEmailKindParam), async (c) =>
      c.json({ template: toTemplateView(await templates.get(c.req.valid('param').kind)) }),
    )
    .put('/:kind', validate('param', ZEmailKindParam), validate('json', ZEmailTemplateInput), async (c) => {
      const saved = await templates.save(c.req.valid('param').kind, c.req.valid('json'));
      return c.json({ message: notificationMessages.templateSaved, template: toTemplateView(saved) });
    })
    .post(
      '/:kind/preview',
      validate('param', ZEmailKindParam),
      validate('json', ZEmailTemplateInput),
      async (c) => {
        const { kind } = c.req.valid('param');
        const texts = c.req.valid('json');
        checkTemplate(kind, texts);
        return c.json({ preview: previewOf(kind, texts, (await settings.get()).senderName) });
      },
    );

/** `/api/admin/system-settings`: whether new profiles ask before sharing, and the sender. */
export const settingsRoutes = ({ settings }: { settings: Settings }) =>
  new Hono<AppEnv>()
    .get('/', async (c) => c.json({ settings: toSettingsView(await settings.get()) }))
    .put('/', validate('json', ZSystemSettingsInput), async (c) =>
      c.json({
        message: notificationMessages.settingsSaved,
        settings: toSettingsView(await settings.save(c.req.valid('json'))),
      }),
    );
