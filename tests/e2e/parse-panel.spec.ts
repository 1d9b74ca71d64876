import { expect, test } from '@playwright/test';

test.describe('parse panel', () => {
  test('parses python-call output and shows typed errors, with no request leaving localhost', async ({ page }) => {
    const outside: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.hostname !== '127.0.0.1' && u.protocol !== 'data:' && u.protocol !== 'blob:') outside.push(r.url());
    });
    await page.goto('index.html');
    await expect(page.getByRole('heading', { name: 'fc-playground' })).toBeVisible();
    await page.getByTestId('tab-parse').click();
    const output = page.getByTestId('output');
    await output.fill("[get_weather(city='Paris', days=3), convert(amount=2.5)]");
    await expect(page.getByTestId('result')).toContainText('2 calls');
    await expect(page.getByTestId('result')).toContainText("{'amount': 2.5}");
    await output.fill('I would call get_weather(city=Paris)');
    await expect(page.getByTestId('result')).toContainText('Not a call list (syntax)');
    await page.getByTestId('format').selectOption('json');
    await output.fill('[{"name": "f", "arguments": {"n": 5.0}}]');
    await expect(page.getByTestId('result')).toContainText("{'n': 5.0}");
    expect(outside).toEqual([]);
  });
});
