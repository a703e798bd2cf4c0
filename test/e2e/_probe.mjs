import { chromium } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ javaScriptEnabled: false, baseURL: 'http://127.0.0.1:3100' });
const page = await ctx.newPage();
page.on('console', m => console.log('CONSOLE', m.type(), m.text()));
ctx.on('console', m => console.log('CTXCONSOLE', m.type(), m.text()));
await page.goto('/nope');
console.log('title', await page.title());
try { console.log('evaluate', await page.evaluate(() => 1 + 1)); } catch (e) { console.log('evaluate failed', e.message.split('\n')[0]); }
try { console.log('content len', (await page.content()).length); } catch (e) { console.log('content failed', e.message.split('\n')[0]); }
console.log('locator count', await page.locator('script').count(), await page.getByRole('heading', { level: 1 }).textContent());
try { const r = await new AxeBuilder({ page }).withTags(['wcag2a']).analyze(); console.log('axe ok', r.violations.length, r.passes.length); } catch (e) { console.log('axe failed', e.message.split('\n')[0]); }
await page.goto('/welcome');
await page.getByRole('button', { name: 'Tell me more' }).click();
await page.waitForLoadState();
console.log('after submit', page.url(), await page.title());
try { const r = await new AxeBuilder({ page }).withTags(['wcag2a']).analyze(); console.log('axe ok', r.violations.length, r.passes.length); } catch (e) { console.log('axe failed', e.message.split('\n')[0]); }
await browser.close();
