import Foundation
import MosaicData
import MosaicTestSupport
import Testing

/// The rules of the one background-job type every sort, count, search and save runs on.
@Suite struct BackgroundJobTests {
  @Test func cancelStopsTheWorkPromptly() {
    let wakes = CallCounter()
    let job = BackgroundJob<Int>(wake: wakes.add)
    let started = DispatchSemaphore(value: 0)
    job.start { control in
      started.signal()
      var spins = 0
      // Work that never ends by itself: only the cancel flag stops it.
      while !control.isCancelled { spins &+= 1 }
      return spins
    }
    #expect(started.wait(timeout: .now() + 10) == .success, "the job never started")
    #expect(!job.isDone)
    job.cancel()
    #expect(job.waitUntilDone(timeout: 5), "a cancelled job kept running")
    #expect(job.result == nil)
    #expect(job.isCancelled)
    #expect(wakes.value(reaching: 1) == 1)
  }

  @Test func progressIsReportedWhileTheWorkRuns() {
    let job = BackgroundJob<String>(wake: {})
    let reported = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    job.start { control in
      control.report(fraction: 0.25, count: 10)
      reported.signal()
      proceed.wait()
      control.report(fraction: 1.5, count: 40)
      return "done"
    }
    #expect(reported.wait(timeout: .now() + 10) == .success, "no progress was reported")
    #expect(job.progress == 0.25)
    #expect(job.completedCount == 10)
    #expect(job.result == nil)
    #expect(!job.isDone)
    proceed.signal()
    #expect(job.waitUntilDone() == "done")
    // A fraction past the end is held at 1.
    #expect(job.progress == 1)
    #expect(job.completedCount == 40)
  }

  @Test func finishingWakesTheWakerExactlyOnce() {
    let wakes = CallCounter()
    let job = BackgroundJob<Int>(wake: wakes.add)
    job.start { control in
      for step in 1...100 { control.report(fraction: Double(step) / 100, count: step) }
      return 100
    }
    #expect(job.waitUntilDone() == 100)
    #expect(wakes.value(reaching: 1) == 1)
    // Reading the result again neither reruns the work nor wakes again.
    #expect(job.result == 100)
    #expect(wakes.value == 1)
  }

  @Test func aSupersededJobsResultIsNeverDelivered() {
    let wakes = CallCounter()
    let old = BackgroundJob<Int>(wake: wakes.add)
    let proceed = DispatchSemaphore(value: 0)
    old.start { _ in
      // The work ignores the flag and returns an answer after the cancel.
      proceed.wait()
      return 1
    }
    let newer = BackgroundJob<Int>(wake: wakes.add)
    old.cancel()
    newer.start { _ in 2 }
    proceed.signal()
    #expect(old.waitUntilDone() == nil)
    #expect(old.result == nil)
    #expect(newer.waitUntilDone() == 2)
    #expect(wakes.value(reaching: 2) == 2)
  }

  @Test func cancellingInterruptsAStoresQuery() {
    let job = BackgroundJob<Int>(wake: {})
    let interrupted = DispatchSemaphore(value: 0)
    let registered = DispatchSemaphore(value: 0)
    job.start { control in
      // As a store does: the cancel runs an action (sqlite3_interrupt) on the cancelling thread.
      control.cancellation.onCancel { interrupted.signal() }
      registered.signal()
      interrupted.wait()
      return control.isCancelled ? nil : 3
    }
    #expect(registered.wait(timeout: .now() + 10) == .success)
    job.cancel()
    #expect(job.waitUntilDone(timeout: 5))
    #expect(job.result == nil)
  }

  @Test func aJobRunOnTheCallersThreadIsDoneWhenRunReturns() {
    let wakes = CallCounter()
    let job = BackgroundJob<[Int]>(wake: wakes.add)
    job.run { _ in [3, 1, 2].sorted() }
    #expect(job.isDone)
    #expect(job.result == [1, 2, 3])
    #expect(wakes.value == 1)
  }

  @Test func aJobCancelledBeforeItRunsPublishesNothing() {
    let wakes = CallCounter()
    let job = BackgroundJob<Int>(wake: wakes.add)
    job.cancel()
    let sawCancel = CallCounter()
    job.run { control in
      // The work still runs, to settle its own state, and sees the cancel at once.
      if control.isCancelled { sawCancel.add() }
      return 1
    }
    #expect(sawCancel.value == 1)
    #expect(job.isDone)
    #expect(job.result == nil)
    #expect(wakes.value == 1)
  }
}
