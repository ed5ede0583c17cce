# smells: none
import queue
import threading
import unittest

from jobs.worker import Worker


class WorkerTest(unittest.TestCase):
    def test_jobs_are_processed_in_the_background(self):
        done = queue.Queue()
        worker = Worker(handler=done.put)
        thread = threading.Thread(target=worker.run_once, args=("job-1",))
        thread.start()
        thread.join(timeout=5)
        self.assertEqual(done.get_nowait(), "job-1")
