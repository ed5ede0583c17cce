"""Build and publish a monthly sales report."""


def build_monthly_report(month, db, formatter, storage, notifier, logger):
    rows = db.fetch_sales(month)
    totals = {}
    for row in rows:
        totals[row["region"]] = totals.get(row["region"], 0) + row["amount"]
    ranked = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))
    document = formatter.render(month=month, ranked=ranked)
    url = storage.upload(f"reports/{month}.pdf", document)
    notifier.notify("sales-team", f"Report for {month}: {url}")
    logger.info("report %s published", month)
    return {"month": month, "ranked": ranked, "url": url}
