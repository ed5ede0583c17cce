"""Regional sales report rendered as CSV."""
import csv
import io


def build_report(rows) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["region", "orders", "revenue"])
    total_orders, total_revenue = 0, 0.0
    for row in sorted(rows, key=lambda r: r["region"]):
        writer.writerow([row["region"], row["orders"], f"{row['revenue']:.2f}"])
        total_orders += row["orders"]
        total_revenue += row["revenue"]
    writer.writerow(["TOTAL", total_orders, f"{total_revenue:.2f}"])
    return buf.getvalue()
